import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LOCALE, localizedPath, type SiteLocale } from '@waitlist/contract/locales';
import { catalogueFor, type Catalogue } from '@waitlist/catalogue';
import { siteCopy, type SiteCopy } from '../config/site';

export interface LocaleValue {
  locale: SiteLocale;
  /** The words of the site, in the page's language (the catalogue's `site` section). */
  copy: SiteCopy;
  /** Every word of the page's language (the pages behind mail links read `selfService`). */
  words: Catalogue;
  /** A path of the English site in this language: `/about` → `/sv/about`. */
  href: (path: string) => string;
}

const valueFor = (locale: SiteLocale): LocaleValue => ({
  locale,
  copy: siteCopy(locale),
  words: catalogueFor(locale),
  href: (path) => localizedPath(locale, path),
});

const LocaleContext = createContext<LocaleValue>(valueFor(DEFAULT_LOCALE));

/** The language of everything rendered inside: a page sets it once from its path. */
export function LocaleProvider({ locale, children }: { locale: SiteLocale; children: ReactNode }) {
  return <LocaleContext.Provider value={valueFor(locale)}>{children}</LocaleContext.Provider>;
}

export const useLocale = (): LocaleValue => useContext(LocaleContext);
