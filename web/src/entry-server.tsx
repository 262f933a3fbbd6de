import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pagesWithSignup, prerenderedRoutes } from './app/paths';
import { renderHeadTags } from './app/seo';
import { SitePage, type PageState } from './app/site-page';
import { siteConfig } from './config/site';

export { pagesWithSignup, prerenderedRoutes };
export type { PageState };
export const siteUrl = siteConfig.url;

/**
 * One page to HTML: the `<body>` content and the `<head>` tags, which go into the client build's template (the
 * prerender writes the pages with it; the server keeps it for pages rendered per request, see
 * server/src/http/page-renderer.ts). No script is inlined (CSP script-src 'self'); islands load from their files.
 */
export function render(pathname: string, state?: PageState): { html: string; head: string } {
  const html = renderToString(
    <StrictMode>
      <SitePage pathname={pathname} state={state} />
    </StrictMode>,
  );
  return { html, head: renderHeadTags(pathname) };
}
