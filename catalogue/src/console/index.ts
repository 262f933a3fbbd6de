import { SITE_LOCALES, type SiteLocale } from '@waitlist/contract';
import { consoleEn, type ConsoleWords } from './en';
import { consoleSv } from './sv';

/**
 * The founders' console in each language it speaks (issue 48 item 4, decision 0050): every word an operator reads,
 * beside the site's. The console's language is the operator's choice, their browser's language until they make one.
 */
export const CONSOLE_LOCALES = SITE_LOCALES;
export type ConsoleLocale = SiteLocale;

export const CONSOLE_WORDS: Readonly<Record<ConsoleLocale, ConsoleWords>> = { en: consoleEn, sv: consoleSv };

export const consoleWordsFor = (locale: ConsoleLocale): ConsoleWords => CONSOLE_WORDS[locale];

export type { ConsoleWords };
