import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { localeOfPath } from '@waitlist/contract/locales';
import { pagesWithSignup, prerenderedRoutes, requestRenderedRoutes } from './app/paths';
import { alternatesOf, renderHeadTags } from './app/seo';
import { SitePage, isPersonalPage, type PageState } from './app/site-page';
import { siteConfig } from './config/site';

export { alternatesOf, pagesWithSignup, prerenderedRoutes, requestRenderedRoutes };
export type { PageState };
export const siteUrl = siteConfig.url;
export { ERROR_MESSAGE_PLACEHOLDER } from '@waitlist/contract/form-post';

/** A page as HTML, ready for the template. */
export interface RenderedPage {
  html: string;
  head: string;
  lang: string;
  /** False for a page for one person (behind a link in our mail): it ships no script at all. */
  scripts: boolean;
}

/**
 * One page to HTML: the `<body>` content, the `<head>` tags and the page's language (for `<html lang>`), which go
 * into the client build's template (the prerender writes the pages with it; the server keeps it for pages
 * rendered per request, see server/src/http/page-renderer.ts). No script is inlined (CSP script-src 'self').
 */
export function render(pathname: string, state?: PageState): RenderedPage {
  const html = renderToString(
    <StrictMode>
      <SitePage pathname={pathname} state={state} />
    </StrictMode>,
  );
  return { html, head: renderHeadTags(pathname, state), lang: localeOfPath(pathname), scripts: !isPersonalPage(state) };
}

/**
 * The template with a page in it: `<html lang>` set, head and body filled (function replacements keep `$`); a page
 * without scripts loses the template's module scripts and their preloads (the stylesheet stays).
 */
export function fillTemplate(template: string, page: RenderedPage): string {
  const chosen = page.scripts
    ? template
    : template.replace(/\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g, '');
  return chosen
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.lang}"`)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html);
}
