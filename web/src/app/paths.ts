import { SIGNUP_THANK_YOU_PATH } from '@waitlist/contract/form-post';
import { PARTNER_JOIN_PATH } from '@waitlist/contract/partner-codes';
import { SITE_LOCALES, localizedPath, type SiteLocale } from '@waitlist/contract/locales';
import { DPA_PATH, TRUST_PATH } from '@waitlist/contract/trust';
import { DOCUMENT_REQUEST_SENT_PATH } from '@waitlist/contract/document-requests';
import { PRIVACY_PATH } from '@waitlist/contract/self-service';

/**
 * One place for every path of the public site, as the English site names them; each other language has the same
 * pages under its prefix (`localizedPath('sv', paths.about)` is `/sv/about`). The console is its own build.
 */
export const paths = {
  home: '/',
  about: '/about',
  privacy: PRIVACY_PATH,
  /** The accessibility statement; Swedish calls it /sv/tillganglighet (contract/locales.ts). */
  accessibility: '/accessibility',
  /** The trust page, rendered per request from the server's settings (not prerendered). */
  trust: TRUST_PATH,
  /** The data processing agreement, printable, rendered per request like the trust page. */
  dpa: DPA_PATH,
  /** Where the trust page's request for our security documents lands when stored (noindex, rendered per request). */
  documentsRequested: DOCUMENT_REQUEST_SENT_PATH,
  /** Where the form answers a successful post sent without script (noindex). */
  thankYou: SIGNUP_THANK_YOU_PATH,
  /** Where someone with a partner's code joins, confirmed by the code (noindex; the form posts back here). */
  join: PARTNER_JOIN_PATH,
} as const;

/** Section anchors on the home page. */
export const anchors = {
  solution: 'solution',
  howItWorks: 'how-it-works',
  faq: 'faq',
  signupForm: 'signup-form',
} as const;

/** The page behind any path that is not a page (the server answers unknown paths with it, status 404). */
export const NOT_FOUND_PATH = '/404';

/** `sv/about/index.html`, served at /sv/about; a language's 404 page is `sv/404.html`, never served as a page. */
function fileOf(locale: SiteLocale, page: string): string {
  const dir = localizedPath(locale, '/').slice(1).replace(/(.)$/, '$1/');
  if (page === '/') return `${dir}index.html`;
  if (page === NOT_FOUND_PATH) return `${dir}404.html`;
  // The page's path in its language (a page may have a name of its own there: /sv/tillganglighet).
  return `${localizedPath(locale, page).slice(1)}/index.html`;
}

/** Paths prerendered to static HTML in every language, with the file the server serves for each. */
export const prerenderedRoutes: readonly { path: string; page: string; locale: SiteLocale; file: string; sitemap: boolean }[] =
  SITE_LOCALES.flatMap((locale) =>
    [
      { page: paths.home, sitemap: true },
      { page: paths.about, sitemap: true },
      { page: paths.privacy, sitemap: true },
      { page: paths.accessibility, sitemap: true },
      { page: paths.thankYou, sitemap: false },
      { page: paths.join, sitemap: false },
      { page: NOT_FOUND_PATH, sitemap: false },
    ].map(({ page, sitemap }) => {
      return { path: localizedPath(locale, page), page, locale, file: fileOf(locale, page), sitemap };
    }),
  );

/** Pages the server renders per request (from its settings), listed in the sitemap with the prerendered ones. */
export const requestRenderedRoutes: readonly { path: string; page: string; locale: SiteLocale }[] = SITE_LOCALES.flatMap((locale) =>
  [paths.trust, paths.dpa].map((page) => ({ path: localizedPath(locale, page), page, locale })),
);

/** Pages that contain the sign-up section, so "Sign up" scrolls on the page instead of going home. */
export const pagesWithSignup: readonly string[] = SITE_LOCALES.flatMap((locale) => [
  localizedPath(locale, paths.home),
  localizedPath(locale, paths.about),
]);

/** Where the sign-up form on `pathname` posts without script: the page itself, landing back on the form. */
export function signupFormAction(pathname: string): string {
  return `${pathname}#${anchors.signupForm}`;
}
