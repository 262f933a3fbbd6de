import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CATALOGUE, catalogueFor } from '@waitlist/catalogue';
import { ERROR_MESSAGE_PLACEHOLDER, localeOfPath } from '@waitlist/contract';

/** Words of the plain-text answer when there is no web build at all. */
const { heading: UNEXPECTED_ERROR_TITLE, pageFailed: PAGE_FAILED } = CATALOGUE.en.site.error;

/** A page as the web's renderer gives it (web/src/entry-server.tsx: RenderedPage). */
interface RenderedPage {
  html: string;
  head: string;
  lang: string;
  scripts: boolean;
}

/** What the web build's server entry (web/src/entry-server.tsx) exports. */
interface WebRenderer {
  render(pathname: string, state?: object): RenderedPage;
  fillTemplate(template: string, page: RenderedPage): string;
  pagesWithSignup: readonly string[];
}

/**
 * Pages rendered per request with the React components the site is prerendered from: `render(path, state)` gives
 * the whole document, `send(reply, status, path, state)` answers with it (status chosen by the route). A page
 * that throws while rendering is answered 500 with the site's error page saying so (the error goes to the log).
 */
export interface PageRenderer {
  render(pathname: string, state?: object): string;
  send(reply: FastifyReply, status: number, pathname: string, state?: object): FastifyReply;
  /** Paths of the pages that hold the sign-up form (the form posts back to its page). */
  readonly pagesWithSignup: readonly string[];
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Loads the renderer the web build left in `ssrDir` (entry-server.js and template.html, see
 * web/scripts/prerender.mjs). Without a web build there is none: pages are then answered with the bare page.
 */
export async function loadPageRenderer(ssrDir: string, log: FastifyBaseLogger): Promise<PageRenderer> {
  const entry = path.join(ssrDir, 'entry-server.js');
  const templateFile = path.join(ssrDir, 'template.html');
  let web: WebRenderer | null = null;
  let template = '';
  // The build's last resort: the site's error page, prerendered with a placeholder for the message.
  const errorFile = path.join(ssrDir, 'error.html');
  const errorPage = fs.existsSync(errorFile) ? fs.readFileSync(errorFile, 'utf8') : null;
  if (fs.existsSync(entry) && fs.existsSync(templateFile)) {
    web = (await import(pathToFileURL(entry).href)) as WebRenderer;
    template = fs.readFileSync(templateFile, 'utf8');
  } else {
    log.warn({ ssrDir }, 'web renderer not found: pages rendered per request are bare (run npm run build)');
  }

  const render = (pathname: string, state?: object): string => {
    if (!web) throw new Error('The site is not built (npm run build).');
    return web.fillTemplate(template, web.render(pathname, state));
  };

  return {
    render,
    pagesWithSignup: web?.pagesWithSignup ?? [],
    send(reply, status, pathname, state) {
      let page: string;
      let code = status;
      try {
        page = render(pathname, state);
      } catch (error) {
        reply.log.error({ err: error, path: pathname }, 'page render failed');
        code = 500;
        try {
          // The visitor reads that something failed, in their language; what failed goes to the log only.
          page = render(pathname, { error: catalogueFor(localeOfPath(pathname)).site.error.pageFailed });
        } catch {
          if (!errorPage) return reply.code(code).type('text/plain; charset=utf-8').send(`${UNEXPECTED_ERROR_TITLE}\n\n${PAGE_FAILED}\n`);
          page = errorPage.replace(ERROR_MESSAGE_PLACEHOLDER, () => escapeHtml(PAGE_FAILED));
        }
      }
      return reply.code(code).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    },
  };
}

/**
 * The error handler of a form posted without script: a page answers, not JSON, for a body the parser refused (too
 * large, another type: its 4xx and message) or a failure nobody foresaw (500, logged as `what failed`).
 */
export const formPostErrorHandler =
  (pages: PageRenderer, pathname: string, what: string) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, `${what} failed`);
    return pages.send(reply, status, pathname, { error: status === 500 ? 'Internal server error' : error.message });
  };
