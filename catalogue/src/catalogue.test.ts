import { describe, expect, it } from 'vitest';
import { SITE_LOCALES } from '@waitlist/contract';
import { BRAND, CATALOGUE, LINK_LIFETIME_DAYS, UNCONFIRMED_RETENTION_DAYS, catalogueFor } from './index';
import { CONSOLE_LOCALES, CONSOLE_WORDS } from './console/index';

/**
 * Every key path of a catalogue. Lists of objects (sections, steps, FAQ items, founders) must correspond item by
 * item; lists of sentences may differ in length (a language may need another paragraph). A sentence that is a
 * function must take the same arguments in every language.
 */
function keyPaths(value: unknown, at = ''): string[] {
  if (typeof value === 'function') return [`${at}(${value.length})`];
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return [`${at}[]`];
    return value.flatMap((item, index) => keyPaths(item, `${at}[${index}]`));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [`${at}.${key}`, ...keyPaths(item, `${at}.${key}`)]);
  }
  return [];
}

function emptyStrings(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return value.trim() === '' && !at.endsWith('.consentBefore') ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => emptyStrings(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => emptyStrings(item, `${at}.${key}`));
  return [];
}

/** Every sentence of a catalogue as text, its functions called with sample arguments. */
function sentences(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String((value as (...args: unknown[]) => unknown)(BRAND, 'x', 1))];
  if (Array.isArray(value)) return value.flatMap(sentences);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(sentences);
  return [];
}

describe('the text catalogue per language', () => {
  const [first, ...others] = SITE_LOCALES;

  it.each(others)('%s has exactly the keys English has, and English has exactly its keys', (locale) => {
    const english = new Set(keyPaths(CATALOGUE[first]));
    const other = new Set(keyPaths(CATALOGUE[locale]));
    expect(
      [...other].filter((key) => !english.has(key)),
      `only in ${locale}`,
    ).toEqual([]);
    expect(
      [...english].filter((key) => !other.has(key)),
      `missing in ${locale}`,
    ).toEqual([]);
  });

  it('covers every part a person reads: site, form, options, self-service pages, mails and the founders’ mails', () => {
    expect(Object.keys(CATALOGUE.en).sort()).toEqual(['form', 'lang', 'mails', 'operatorMails', 'options', 'selfService', 'site']);
  });

  it.each(SITE_LOCALES)('%s has no empty text and names its own language', (locale) => {
    const words = CATALOGUE[locale];
    expect(emptyStrings(words)).toEqual([]);
    expect(words.lang).toBe(locale);
  });

  it.each(SITE_LOCALES)('%s quotes the facts, never a copy of them', (locale) => {
    const text = sentences(CATALOGUE[locale]).join('\n');
    expect(text).toContain(`${UNCONFIRMED_RETENTION_DAYS} `);
    expect(text).toContain(`${LINK_LIFETIME_DAYS.manage} `);
    // The brand is passed in (facts.ts), never written into a sentence.
    expect(text.replaceAll(BRAND.name, '')).not.toContain(BRAND.name);
    expect(JSON.stringify(CATALOGUE[locale])).not.toContain(BRAND.name);
    expect(JSON.stringify(CATALOGUE[locale])).not.toContain(BRAND.contactEmail);
  });

  it('falls back to English for a language it has no words for', () => {
    expect(catalogueFor('xx')).toBe(CATALOGUE.en);
    expect(catalogueFor('sv')).toBe(CATALOGUE.sv);
  });

  it('the key check itself notices a missing and an extra key, and a sentence with other arguments', () => {
    const english = keyPaths({ a: { b: 'x', c: ['y'] }, d: [{ e: 'z' }], f: (n: number) => `${n}` });
    expect(keyPaths({ a: { b: 'x' }, d: [{ e: 'z' }], f: (n: number) => `${n}` })).not.toEqual(english);
    expect(keyPaths({ a: { b: 'x', c: ['y', 'w'] }, d: [{ e: 'z', f: '' }], f: (n: number) => `${n}` })).not.toEqual(english);
    expect(keyPaths({ a: { b: 'q', c: ['y', 'w', 'v'] }, d: [{ e: 'r' }], f: () => '' })).not.toEqual(english);
    expect(keyPaths({ a: { b: 'q', c: ['y', 'w', 'v'] }, d: [{ e: 'r' }], f: (m: number) => `${m}!` })).toEqual(english);
  });
});

/** Every sentence of the console's words with its key, its functions called with sample arguments. */
function leaves(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') return [[`${at}()`, String((value as (...args: unknown[]) => unknown)('y', 'y', 'y', 'y', 'y'))]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, `${at}.${key}`));
  return [];
}

/** Words Swedish shares with English (loanwords, units, the names of the languages), as the console shows them. */
const SAME_IN_SWEDISH = new Set(
  ['Svenska', 'English', 'Team', 'Status', 'Person', 'Per', 'Per y', 'Token', 'Webhooks', 'ok', 'status y', 'y s', 'y min'].concat([
    'Medium (utm_medium)',
    'Term (utm_term)',
  ]),
);

describe('the console’s words per language (issue 48 item 4)', () => {
  const [first, ...others] = CONSOLE_LOCALES;

  it.each(others)('%s has exactly the keys English has, each sentence with the same arguments', (locale) => {
    const english = new Set(keyPaths(CONSOLE_WORDS[first]));
    const other = new Set(keyPaths(CONSOLE_WORDS[locale]));
    expect(
      [...other].filter((key) => !english.has(key)),
      `only in ${locale}`,
    ).toEqual([]);
    expect(
      [...english].filter((key) => !other.has(key)),
      `missing in ${locale}`,
    ).toEqual([]);
  });

  it.each(CONSOLE_LOCALES)('%s has no empty text and names its own language', (locale) => {
    expect(emptyStrings(CONSOLE_WORDS[locale])).toEqual([]);
    expect(CONSOLE_WORDS[locale].lang.code).toBe(locale);
  });

  it('Swedish is Swedish: no sentence is left as the English one, but for names and codes', () => {
    const swedish = new Map(leaves(CONSOLE_WORDS.sv));
    const same = leaves(CONSOLE_WORDS.en).filter(([key, text]) => swedish.get(key) === text && !/^[A-Z0-9 ()_:.@\-–/·]*$/.test(text));
    expect(same.filter(([, text]) => !SAME_IN_SWEDISH.has(text))).toEqual([]);
  });
});
