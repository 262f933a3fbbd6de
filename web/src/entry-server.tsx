import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { localeOfPath } from '@waitlist/contract/locales';
import { pagesWithSignup, prerenderedRoutes } from './app/paths';
import { alternatesOf, renderHeadTags } from './app/seo';
import { SitePage, type PageState } from './app/site-page';
import { siteConfig } from './config/site';

export { alternatesOf, pagesWithSignup, prerenderedRoutes };
export type { PageState };
export const siteUrl = siteConfig.url;

/**
 * One page to HTML: the `<body>` content, the `<head>` tags and the page's language (for `<html lang>`), which go
 * into the client build's template (the prerender writes the pages with it; the server keeps it for pages
 * rendered per request, see server/src/http/page-renderer.ts). No script is inlined (CSP script-src 'self').
 */
export function render(pathname: string, state?: PageState): { html: string; head: string; lang: string } {
  const html = renderToString(
    <StrictMode>
      <SitePage pathname={pathname} state={state} />
    </StrictMode>,
  );
  return { html, head: renderHeadTags(pathname), lang: localeOfPath(pathname) };
}

/** The template with a page in it: `<html lang>` set, head and body filled (function replacements keep `$`). */
export function fillTemplate(template: string, page: { html: string; head: string; lang: string }): string {
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.lang}"`)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html);
}
