import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE } from '@waitlist/catalogue';
import { ATTRIBUTION_PLACEHOLDER, ERROR_MESSAGE_PLACEHOLDER, FORM_TOKEN_PLACEHOLDER } from '@waitlist/contract';
import type { TestDatabase } from './databases';

const { unexpectedErrorTitle: UNEXPECTED_ERROR_TITLE } = CATALOGUE.en.form;

/**
 * The sign-up form posted without script, in process on both databases. The web build's renderer is stood in for
 * by a page that prints the state the route rendered it with (e2e/site-no-script.test.ts posts the real pages
 * from Chromium with JavaScript off).
 */
export const STUB_RENDERER = `
export const pagesWithSignup = ['/', '/about', '/sv', '/sv/about'];
export function fillTemplate(template, page) {
  return template.replace('<!--app-head-->', () => page.head).replace('<!--app-html-->', () => page.html);
}
export function render(pathname, state) {
  if (state && state.signup && state.signup.values.otherOutcome === 'explode') throw new Error('The page exploded');
  if (state && state.error === ${JSON.stringify(CATALOGUE.en.site.error.pageFailed)}) throw new Error('The error page exploded too');
  return { head: '<title>stub</title>', html: '<main data-path="' + pathname + '"><script type="application/json">' + JSON.stringify(state ?? null).replace(/</g, '\\\\u003c') + '</script></main>' };
}
`;

export const siteOf = (testDb: TestDatabase) => ({ dist: path.join(testDb.dataDir, 'dist'), ssr: path.join(testDb.dataDir, 'ssr') });

export function writeSite(testDb: TestDatabase) {
  const { dist, ssr } = siteOf(testDb);
  fs.mkdirSync(path.join(dist, 'about'), { recursive: true });
  fs.mkdirSync(ssr, { recursive: true });
  const page = (name: string) =>
    `<!doctype html><title>${name}</title><form method="post"><input type="hidden" name="formToken" value="${FORM_TOKEN_PLACEHOLDER}"><input type="hidden" name="attribution" value="${ATTRIBUTION_PLACEHOLDER}"></form>`;
  fs.writeFileSync(path.join(dist, 'index.html'), page('Home'));
  fs.writeFileSync(path.join(dist, 'about', 'index.html'), page('About'));
  fs.writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Oops! Page not found</title>');
  fs.writeFileSync(path.join(ssr, 'entry-server.js'), STUB_RENDERER);
  fs.writeFileSync(path.join(ssr, 'template.html'), '<!doctype html><html><head><!--app-head--></head><body><!--app-html--></body></html>');
  // The build's last-resort error page (web/scripts/prerender.mjs writes the real one).
  fs.writeFileSync(
    path.join(ssr, 'error.html'),
    `<!doctype html><main><h1>${UNEXPECTED_ERROR_TITLE}</h1><pre>${ERROR_MESSAGE_PLACEHOLDER}</pre></main>`,
  );
}
