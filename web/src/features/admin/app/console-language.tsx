import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CONSOLE_LOCALES, consoleWordsFor, type ConsoleLocale, type ConsoleWords } from '@waitlist/catalogue/console';
import { sayErrorsIn } from '../api/client';

/** How the console writes numbers and points in time in its language. */
export interface ConsoleFormat {
  number: (n: number) => string;
  dateTime: (iso: string) => string;
  date: (iso: string) => string;
}

export interface ConsoleLanguage {
  locale: ConsoleLocale;
  words: ConsoleWords;
  format: ConsoleFormat;
  /** The operator's choice for this tab (Your account → Language; the sign-in page's switch). */
  choose: (locale: ConsoleLocale) => void;
}

/** Intl's name of each language's conventions: day-month-year and a space between thousands in Swedish. */
const INTL_LOCALE: Readonly<Record<ConsoleLocale, string>> = { en: 'en-GB', sv: 'sv-SE' };

const formatFor = (locale: ConsoleLocale): ConsoleFormat => {
  const numbers = new Intl.NumberFormat(INTL_LOCALE[locale]);
  const dateTimes = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' });
  const dates = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium' });
  return {
    number: (n) => numbers.format(n),
    dateTime: (iso) => dateTimes.format(new Date(iso)),
    date: (iso) => dates.format(new Date(iso)),
  };
};

/** The browser's first language the console speaks (Swedish for `sv-SE`, `sv`), else English. */
export function browserConsoleLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): ConsoleLocale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    const known = CONSOLE_LOCALES.find((locale) => locale === base);
    if (known) return known;
  }
  return 'en';
}

const languageOf = (locale: ConsoleLocale, choose: (locale: ConsoleLocale) => void): ConsoleLanguage => ({
  locale,
  words: consoleWordsFor(locale),
  format: formatFor(locale),
  choose,
});

const ConsoleLanguageContext = createContext<ConsoleLanguage>(languageOf('en', () => undefined));

/**
 * The console's language (issue 48 item 4): the operator's choice once they make it, the browser's language until
 * then. The page's `lang` follows, so a screen reader reads Swedish as Swedish.
 */
export function ConsoleLanguageProvider({ initial, children }: { initial?: ConsoleLocale; children: ReactNode }) {
  const [locale, choose] = useState<ConsoleLocale>(() => initial ?? browserConsoleLocale());
  const value = useMemo(() => {
    const language = languageOf(locale, choose);
    // The errors the API client finds itself are worded at the moment they happen: in the language in use.
    sayErrorsIn(language.words.apiErrors);
    return language;
  }, [locale]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <ConsoleLanguageContext.Provider value={value}>{children}</ConsoleLanguageContext.Provider>;
}

/** The console's language: its words, its formats, and the way to choose another. */
export const useConsoleLanguage = (): ConsoleLanguage => useContext(ConsoleLanguageContext);

/** Every word of the console in the operator's language (catalogue/src/console/). */
export const useConsoleWords = (): ConsoleWords => useContext(ConsoleLanguageContext).words;

/** Numbers and points in time in the operator's language. */
export const useConsoleFormat = (): ConsoleFormat => useContext(ConsoleLanguageContext).format;
