import { describe, expect, it } from 'vitest';
import { SITE_LOCALES } from '@waitlist/contract/locales';
import { SITE_COPY, siteConfig } from '../site';

/**
 * Every key path of a copy object. Lists of objects (sections, steps, FAQ items, founders) must correspond item by
 * item; lists of sentences may differ in length (a language may need another paragraph).
 */
function keyPaths(value: unknown, at = ''): string[] {
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

describe('the site copy per language', () => {
  const [first, ...others] = SITE_LOCALES;

  it.each(others)('%s has exactly the keys English has, and English has exactly its keys', (locale) => {
    const english = new Set(keyPaths(SITE_COPY[first]));
    const other = new Set(keyPaths(SITE_COPY[locale]));
    expect(
      [...other].filter((key) => !english.has(key)),
      `only in ${locale}`,
    ).toEqual([]);
    expect(
      [...english].filter((key) => !other.has(key)),
      `missing in ${locale}`,
    ).toEqual([]);
  });

  it.each(SITE_LOCALES)('%s has no empty text, names its own language and has a role and bio for each founder', (locale) => {
    const copy = SITE_COPY[locale];
    expect(emptyStrings(copy)).toEqual([]);
    expect(copy.lang).toBe(locale);
    expect(copy.about.team.founders).toHaveLength(siteConfig.founders.length);
  });

  it('the key check itself notices a missing and an extra key', () => {
    const english = keyPaths({ a: { b: 'x', c: ['y'] }, d: [{ e: 'z' }] });
    expect(keyPaths({ a: { b: 'x' }, d: [{ e: 'z' }] })).not.toEqual(english);
    expect(keyPaths({ a: { b: 'x', c: ['y', 'w'] }, d: [{ e: 'z', f: '' }] })).not.toEqual(english);
    expect(keyPaths({ a: { b: 'q', c: ['y', 'w', 'v'] }, d: [{ e: 'r' }] })).toEqual(english);
  });
});
