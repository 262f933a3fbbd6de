import type { FastifyInstance } from 'fastify';
import { DPA_PATH, SECURITY_TXT_PATH, SITE_LOCALES, TRUST_PATH, localizedPath, type TrustView } from '@waitlist/contract';
import type { PageRenderer } from '../../http/page-renderer';

export interface TrustRoutesOptions {
  pages: PageRenderer;
  /** services/trust.ts: the page's facts from the running server's settings. */
  view: () => TrustView;
  /** services/trust.ts: /.well-known/security.txt as of now. */
  securityTxt: (now: Date) => string;
}

/** The trust page's and the agreement's paths in every language: /trust, /trust/dpa, /sv/trust, /sv/trust/dpa. */
export const trustPaths = (): string[] =>
  SITE_LOCALES.flatMap((locale) => [TRUST_PATH, DPA_PATH].map((page) => localizedPath(locale, page)));

/**
 * The trust page and the data processing agreement in each language, rendered per request from the settings (issue 37
 * item 1: a new relay or host shows at once, with no rebuild; no script needed), and security.txt (RFC 9116, item 2),
 * its Expires always ahead.
 */
export async function trustRoutes(app: FastifyInstance, options: TrustRoutesOptions): Promise<void> {
  for (const path of trustPaths()) {
    app.get(path, async (_request, reply) => options.pages.send(reply, 200, path, { trust: options.view() }));
  }
  app.get(SECURITY_TXT_PATH, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(options.securityTxt(new Date())),
  );
}
