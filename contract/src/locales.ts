/**
 * The languages of the public site, its mails and the pages behind mail links. English lives at the site's paths,
 * every other language under its own prefix (`/sv`, `/sv/about`). A sign-up stores the language it was made in
 * (the database's `waitlist_signups_locale_check` lists the same codes) and gets its mail in it.
 */
export const SITE_LOCALES = ['en', 'sv'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];
export const DEFAULT_LOCALE: SiteLocale = 'en';

/** What the console calls each language (a sign-up's `locale`). */
export const LOCALE_NAMES: Readonly<Record<SiteLocale, string>> = { en: 'English', sv: 'Swedish' };

export function isSiteLocale(value: unknown): value is SiteLocale {
  return typeof value === 'string' && (SITE_LOCALES as readonly string[]).includes(value);
}

/** The path prefix of a language: '' for English, '/sv' for Swedish. */
export const localePrefix = (locale: SiteLocale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/** The language a path is in: `/sv` and `/sv/…` are Swedish, everything else English. */
export function localeOfPath(pathname: string): SiteLocale {
  const first = pathname.split(/[/?#]/)[1] ?? '';
  return isSiteLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The same page without its language prefix: `/sv/about` → `/about`, `/sv` → `/`. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(localePrefix(locale).length);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/** A path of the English site in `locale`: (`sv`, `/`) → `/sv`, (`sv`, `/about#team`) → `/sv/about#team`. */
export function localizedPath(locale: SiteLocale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' || path.startsWith('/#') || path.startsWith('/?') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}
