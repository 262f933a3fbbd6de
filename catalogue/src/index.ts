import { DEFAULT_LOCALE, type SiteLocale } from '@waitlist/contract';
import { en, type Catalogue } from './en';
import { sv } from './sv';

/**
 * One text catalogue per language of the site (contract/src/locales.ts lists them): every word a person reads.
 * Server and web read the words from here; facts.ts holds the names and numbers they quote.
 */
export const CATALOGUE: Readonly<Record<SiteLocale, Catalogue>> = { en, sv };

/** The words of a language; a stored locale we have no words for (yet) reads English rather than failing. */
export const catalogueFor = (locale: string): Catalogue => CATALOGUE[locale as SiteLocale] ?? CATALOGUE[DEFAULT_LOCALE];

export type { Catalogue };
export type { CardIcon, FaqItem, OptionLabels, TextSection } from './types';
export * from './facts';
