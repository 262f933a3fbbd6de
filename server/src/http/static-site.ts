import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ATTRIBUTION_PLACEHOLDER,
  DEFAULT_LOCALE,
  ERROR_CODES,
  FORM_TOKEN_PLACEHOLDER,
  attributionOf,
  encodeAttribution,
  localeOfPath,
} from '@waitlist/contract';
import { newFormToken } from '../lib/form-token';
import { HttpError, sendError } from './http-error';
import { pageEncoding, pageWithTail } from './page-with-tail';
import { loggableUrl } from './logging';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** A page with a per-response form token is for one visitor, not for shared caches. */
const PER_RESPONSE = 'no-cache, private';
/** More than this after the form's token is not what the web build writes (its per-response fields stand last). */
const LONG_TAIL = 2048;

/** The operator console's page (admin/index.html), whose router answers every path under it. */
const CONSOLE_PAGE = 'admin';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The form's hidden attribution field for this request: the page's UTM tags, an outside referrer's origin, the path. */
function attributionFor(request: FastifyRequest, siteUrl: string): string {
  const pageUrl = new URL(request.url, siteUrl);
  return escapeAttribute(encodeAttribution(attributionOf(pageUrl, request.headers.referer)));
}

/** Paths of the prerendered pages (`/`, `/about`, …): what the visit beacon accepts. */
export function sitePaths(root: string): string[] {
  return findPages(root).map((page) => (page ? `/${page}` : '/'));
}

/** Every prerendered page `x/index.html` is served at `/x`; the root index at `/`. */
function findPages(root: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'assets') walk(path.join(dir, entry.name));
      else if (entry.name === 'index.html') pages.push(path.relative(root, dir).split(path.sep).join('/'));
    }
  };
  if (fs.existsSync(root)) walk(root);
  return pages;
}

/**
 * Serves the built site: hashed assets cached for a year, HTML revalidated every time, precompressed
 * .br/.gz siblings when the browser accepts them, and the site's 404 page with status 404 for any unknown path.
 * A page with the sign-up form is read once and sent with a fresh form token in each response: compressed once up
 * to its per-response end, which each response appends (page-with-tail.ts).
 */
export async function registerStaticSite(
  app: FastifyInstance,
  root: string,
  options: {
    siteUrl: string;
    /**
     * A page that says something only the running server knows (the privacy page naming the connected CRM): rendered
     * per request when this answers a reply; undefined: the prerendered page as always.
     */
    perRequest?: (route: string, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  },
): Promise<void> {
  const hasSite = fs.existsSync(path.join(root, 'index.html'));
  if (!hasSite) app.log.warn({ root }, 'web build not found: only the API is served (run npm run build)');

  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      index: false,
      redirect: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath: string) {
        res.header('cache-control', filePath.endsWith('.html') ? REVALIDATE : 'public, max-age=3600');
      },
    });
    // Hashed assets never change: cached for a year and never revalidated, so no ETag/Last-Modified/ranges.
    const assets = path.join(root, 'assets');
    if (fs.existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        decorateReply: false,
        preCompressed: true,
        index: false,
        redirect: false,
        wildcard: true,
        cacheControl: false,
        etag: false,
        lastModified: false,
        acceptRanges: false,
        setHeaders: (res) => res.header('cache-control', IMMUTABLE),
      });
    }
    for (const page of findPages(root)) {
      const file = page ? `${page}/index.html` : 'index.html';
      const html = fs.readFileSync(path.join(root, file), 'utf8');
      if (html.includes(FORM_TOKEN_PLACEHOLDER)) {
        const tailStart = html.lastIndexOf('<', html.indexOf(FORM_TOKEN_PLACEHOLDER));
        // The page's own end (token and attribution) is per response; all before it is compressed once (page-with-tail.ts).
        const shared = pageWithTail(html.slice(0, tailStart));
        const tail = html.slice(tailStart);
        if (tail.length > LONG_TAIL)
          app.log.warn({ page: file, bytes: tail.length }, 'the per-response end of a page is long: it is sent uncompressed');
        app.get(page ? `/${page}` : '/', { compress: false }, async (request, reply) => {
          const rendered = await options.perRequest?.(page ? `/${page}` : '/', reply);
          if (rendered) return rendered;
          const encoding = pageEncoding(request.headers['accept-encoding']);
          const own = tail
            .replaceAll(FORM_TOKEN_PLACEHOLDER, newFormToken())
            .replaceAll(ATTRIBUTION_PLACEHOLDER, attributionFor(request, options.siteUrl));
          if (encoding !== 'identity') reply.header('content-encoding', encoding);
          return reply
            .header('cache-control', PER_RESPONSE)
            .header('vary', 'accept-encoding')
            .type('text/html; charset=utf-8')
            .send(shared.body(encoding, own));
        });
      } else {
        app.get(page ? `/${page}` : '/', async (_request, reply) => {
          const rendered = await options.perRequest?.(page ? `/${page}` : '/', reply);
          return rendered ?? reply.header('cache-control', REVALIDATE).sendFile(file);
        });
      }
      // `/about/` and `/about` are one page; the canonical URL has no trailing slash.
      if (page) app.get(`/${page}/`, (_request, reply) => reply.redirect(`/${page}`, 301));
      // The console's screens have paths of their own (/admin/signups/12): one page answers them all, and its router
      // shows the screen, or that none has that address.
      if (page === CONSOLE_PAGE) app.get(`/${page}/*`, (_request, reply) => reply.header('cache-control', REVALIDATE).sendFile(file));
    }
  }

  // The 404 page in the language of the path: /sv/… gets sv/404.html.
  const notFoundFile = (url: string) => {
    const locale = localeOfPath(url);
    return locale === DEFAULT_LOCALE ? '404.html' : `${locale}/404.html`;
  };
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/rest/') && !request.url.startsWith('/api/');
    if (wantsPage) request.log.info({ path: loggableUrl(request.url) }, 'page not found');
    const file = notFoundFile(request.url);
    if (wantsPage && hasSite && fs.existsSync(path.join(root, file))) {
      return reply.code(404).header('cache-control', REVALIDATE).sendFile(file);
    }
    return sendError(reply, new HttpError(404, ERROR_CODES.unknownTable, `Not found: ${request.method} ${request.url.split('?')[0]}`));
  });
}
