import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import * as z from 'zod/mini';
import { VISIT_PATH, attributionOf } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { limitedBy } from '../../http/rate-limiter';
import type { RateLimitRule } from '../../http/rate-limit-rules';
import type { VisitCounting } from '../../services/visits';

export interface VisitRoutesOptions {
  visits: VisitCounting;
  /** The site's page paths (`/`, `/about`, …); any other path is refused. */
  paths: readonly string[];
  /** SITE_URL: a referrer on this origin is the site itself, not a source. */
  siteUrl: string;
  /** rate-limit-rules.ts: visit. */
  rateLimit: RateLimitRule | null;
}

/** What the page sends: its own path and query, and document.referrer. Nothing about the device. */
const visitSchema = z.strictObject({
  // A path of ours: no `//` or `/\` (a URL parser reads both as another host).
  url: z.string().check(z.minLength(1), z.maxLength(1024), z.regex(/^\/(?![/\\])/, 'must be a path')),
  referrer: z.optional(z.string().check(z.maxLength(1024))),
});

const BODY_LIMIT = 2 * 1024;

/**
 * POST /api/visit, the cookieless page-view beacon (navigator.sendBeacon; docs/decisions/0009). Known bots are
 * answered and not counted; unknown paths, over-long fields and floods are refused and store nothing.
 */
export async function visitRoutes(parent: FastifyInstance, options: VisitRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const paths = new Set(options.paths);
  // sendBeacon sends a string as text/plain (no CORS preflight); it holds JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'invalid_visit', 'The body is not JSON'), undefined);
    }
  });

  app.post(
    VISIT_PATH,
    {
      bodyLimit: BODY_LIMIT,
      config: limitedBy(options.rateLimit),
      schema: { body: visitSchema },
    },
    async (request, reply) => {
      const url = new URL(request.body.url, options.siteUrl);
      if (url.origin !== new URL(options.siteUrl).origin || !paths.has(url.pathname)) {
        throw new HttpError(400, 'invalid_visit', 'Not a page of this site');
      }
      const userAgent = request.headers['user-agent'] ?? '';
      if (userAgent === '' || isbot(userAgent)) return reply.code(204).send();
      const attribution = attributionOf(url, request.body.referrer);
      await options.visits.record({
        path: url.pathname,
        referrerOrigin: attribution.referrer_origin,
        utmSource: attribution.utm_source,
        utmCampaign: attribution.utm_campaign,
        ip: request.ip,
        userAgent,
      });
      return reply.code(204).send();
    },
  );
}
