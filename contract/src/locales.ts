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

/**
 * Pages a language names in its own words, under its prefix: Swedish readers look for a "tillgänglighetsredogörelse"
 * at /sv/tillganglighet (DIGG's name for it), not at /sv/accessibility. Every other page keeps the English name.
 */
const OWN_NAMES: Readonly<Partial<Record<SiteLocale, Readonly<Record<string, string>>>>> = {
  sv: { '/accessibility': '/tillganglighet' },
};

/** A path split where its query or fragment starts. */
const splitPath = (path: string): [string, string] => {
  const at = path.search(/[?#]/);
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
};

/** The same page without its language prefix: `/sv/about` → `/about`, `/sv` → `/`, `/sv/tillganglighet` → `/accessibility`. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(localePrefix(locale).length);
  if (rest === '' || rest.startsWith('?') || rest.startsWith('#')) return `/${rest}`;
  const [page, suffix] = splitPath(rest);
  const english = Object.entries(OWN_NAMES[locale] ?? {}).find(([, own]) => own === page)?.[0];
  return english ? `${english}${suffix}` : rest;
}

/** A path of the English site in `locale`: (`sv`, `/`) → `/sv`, (`sv`, `/about#team`) → `/sv/about#team`. */
export function localizedPath(locale: SiteLocale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  if (path === '/' || path.startsWith('/#') || path.startsWith('/?')) return `${prefix}${path.slice(1)}`;
  const [page, suffix] = splitPath(path);
  return `${prefix}${OWN_NAMES[locale]?.[page] ?? page}${suffix}`;
}
