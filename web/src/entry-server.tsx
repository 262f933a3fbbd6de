import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/routes';
import { prerenderedRoutes } from './app/paths';
import { renderHeadTags } from './app/seo';
import { siteConfig } from './config/site';

export { prerenderedRoutes };
export const siteUrl = siteConfig.url;

/** Renders one route to HTML for the prerender script (scripts/prerender.mjs). */
export async function render(pathname: string): Promise<{ html: string; head: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, siteConfig.url)));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${pathname}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender (unlike renderToString) waits for lazy components, so the deferred form is in the HTML.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      {/* hydrate={false}: no inline hydration script (CSP script-src 'self'); there is no loader data anyway. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    // Never outline a finished boundary into a separate chunk revealed by an inline script (CSP).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
  return { html, head: renderHeadTags(pathname) };
}
