/** One place for every route of the public site. The `/admin` area is added later as a lazy route. */
export const paths = {
  home: '/',
  about: '/about',
  privacy: '/privacy',
} as const;

/** Section anchors on the home page (spec §2). */
export const anchors = {
  solution: 'solution',
  howItWorks: 'how-it-works',
  faq: 'faq',
  signupForm: 'signup-form',
} as const;

/** Routes prerendered to static HTML, with the file the server serves for each. */
export const prerenderedRoutes = [
  { path: paths.home, file: 'index.html', sitemap: true },
  { path: paths.about, file: 'about/index.html', sitemap: true },
  { path: paths.privacy, file: 'privacy/index.html', sitemap: true },
  // Rendered through the catch-all route; the server answers unknown paths with it and status 404.
  { path: '/404', file: '404.html', sitemap: false },
] as const;

/** Pages that contain the sign-up section, so "Sign up" scrolls on the page instead of going home. */
export const pagesWithSignup: readonly string[] = [paths.home, paths.about];

export function sectionHref(anchor: string): string {
  return `${paths.home}#${anchor}`;
}
