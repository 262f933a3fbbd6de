import { describe, expect, it } from 'vitest';
import { localeOfPath, localizedPath, unlocalizedPath } from './locales';

describe('locale paths', () => {
  it.each([
    ['/', 'en', '/'],
    ['/about', 'en', '/about'],
    ['/svenska', 'en', '/svenska'],
    ['/sv', 'sv', '/'],
    ['/sv/', 'sv', '/'],
    ['/sv/about', 'sv', '/about'],
    ['/sv/confirm?token=x', 'sv', '/confirm?token=x'],
    ['/sv#faq', 'sv', '/#faq'],
    ['/en/about', 'en', '/en/about'],
    ['/sv/tillganglighet', 'sv', '/accessibility'],
    ['/sv/tillganglighet#report', 'sv', '/accessibility#report'],
    ['/accessibility', 'en', '/accessibility'],
  ])('%s is in %s, and is %s without its prefix', (path, locale, bare) => {
    expect(localeOfPath(path)).toBe(locale);
    expect(unlocalizedPath(path)).toBe(bare);
  });

  it.each([
    ['en', '/about', '/about'],
    ['sv', '/', '/sv'],
    ['sv', '/#faq', '/sv#faq'],
    ['sv', '/about', '/sv/about'],
    ['sv', '/privacy#your-data-link', '/sv/privacy#your-data-link'],
    ['en', '/accessibility', '/accessibility'],
    ['sv', '/accessibility', '/sv/tillganglighet'],
    ['sv', '/accessibility#report', '/sv/tillganglighet#report'],
  ] as const)('%s of %s is %s', (locale, path, expected) => {
    expect(localizedPath(locale, path)).toBe(expected);
  });
});
