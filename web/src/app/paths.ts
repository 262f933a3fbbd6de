import { SIGNUP_THANK_YOU_PATH } from '@waitlist/contract/form-post';

/** One place for every path of the public site (the operator console is its own build under /admin). */
export const paths = {
  home: '/',
  about: '/about',
  privacy: '/privacy',
  /** Where the form answers a successful post sent without script (noindex). */
  thankYou: SIGNUP_THANK_YOU_PATH,
} as const;

/** Section anchors on the home page. */
export const anchors = {
  solution: 'solution',
  howItWorks: 'how-it-works',
  faq: 'faq',
  signupForm: 'signup-form',
} as const;

/** Paths prerendered to static HTML, with the file the server serves for each. */
export const prerenderedRoutes = [
  { path: paths.home, file: 'index.html', sitemap: true },
  { path: paths.about, file: 'about/index.html', sitemap: true },
  { path: paths.privacy, file: 'privacy/index.html', sitemap: true },
  { path: paths.thankYou, file: 'thank-you/index.html', sitemap: false },
  // Any path that is not a page renders the 404 page; the server answers unknown paths with it and status 404.
  { path: '/404', file: '404.html', sitemap: false },
] as const;

/** Pages that contain the sign-up section, so "Sign up" scrolls on the page instead of going home. */
export const pagesWithSignup: readonly string[] = [paths.home, paths.about];

export function sectionHref(anchor: string): string {
  return `${paths.home}#${anchor}`;
}

/** Where the sign-up form on `pathname` posts without script: the page itself, landing back on the form. */
export function signupFormAction(pathname: string): string {
  return `${pathname}#${anchors.signupForm}`;
}
