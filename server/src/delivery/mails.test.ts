import { describe, expect, it } from 'vitest';
import { issueToken } from '../lib/tokens';
import { BRAND } from '@waitlist/catalogue';
import { escapeHtml } from './mail-layout';
import { composeConfirmationMail, composeDataLinkMail, personLinkUrl, type ComposedMail } from './mails';

const SITE = 'https://waitlist.example.se';
const tokens = () => ({
  confirm: issueToken('confirm').token,
  manage: issueToken('manage').token,
  unsubscribe: issueToken('unsubscribe').token,
});

const confirmation = (overrides: Partial<Parameters<typeof composeConfirmationMail>[0]> = {}) =>
  composeConfirmationMail({
    to: 'ada@example.com',
    locale: 'en',
    siteUrl: SITE,
    tokens: tokens(),
    retentionDays: 30,
    ...overrides,
  });

const dataLink = () => composeDataLinkMail({ to: 'ada@example.com', locale: 'en', siteUrl: SITE, tokens: tokens() });

/** Every URL an HTML part could make a mail client fetch or follow. */
const urlsIn = (html: string) => [...html.matchAll(/(?:href|src|background|action)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!);

describe.each([
  ['confirmation', confirmation],
  ['data link', dataLink],
] as const)('the %s mail', (_name, make) => {
  it('has a plain-text and an HTML part that carry the same links', () => {
    const mail: ComposedMail = make();
    expect(mail.text.length).toBeGreaterThan(100);
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    const links = urlsIn(mail.html).filter((u) => u.startsWith('http'));
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(mail.text).toContain(link.replaceAll('&amp;', '&'));
  });

  it('links only to SITE_URL, loads nothing remote and has no tracking pixel', () => {
    const mail = make();
    expect(mail.html).not.toMatch(/<img|<link|<script|<iframe|<object|url\(|@import/i);
    for (const url of urlsIn(mail.html)) expect(url.startsWith(`${SITE}/`)).toBe(true);
    for (const url of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(`${SITE}/`)).toBe(true);
  });

  it('carries a one-click unsubscribe (RFC 8058) and says it was sent by a machine', () => {
    const mail = make();
    expect(mail.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${SITE}/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`));
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['Auto-Submitted']).toBe('auto-generated');
    expect(mail.headers['Content-Language']).toBe('en');
    // The same unsubscribe link is in the body for people whose client shows no button.
    expect(mail.text).toContain(mail.headers['List-Unsubscribe']!.slice(1, -1));
  });

  it('links to the manage page and says who sent it and why', () => {
    const mail = make();
    expect(mail.text).toMatch(new RegExp(`${SITE}/manage\\?token=[A-Za-z0-9_-]{43}`));
    expect(mail.text).toContain(BRAND.legalName);
    expect(mail.text).toContain(BRAND.contactEmail);
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toContain(escapeHtml(mail.subject));
  });
});

describe('the confirmation mail', () => {
  it('asks for the confirmation with a link to the confirm page, valid 7 days, and states the retention', () => {
    const t = tokens();
    const mail = confirmation({ tokens: t, retentionDays: 45 });
    expect(mail.subject).toBe(`Confirm your place on the ${BRAND.name} waitlist`);
    expect(mail.text).toContain(`Confirm my sign-up:\n${SITE}/confirm?token=${t.confirm}`);
    expect(mail.text).toContain('works for 7 days');
    expect(mail.text).toContain('erased after 45 days');
    expect(mail.text).toContain(`${SITE}/manage?token=${t.manage}`);
    expect(mail.text).toContain(`${SITE}/unsubscribe?token=${t.unsubscribe}`);
    expect(mail.html).toContain(`href="${SITE}/confirm?token=${t.confirm}"`);
  });

  it('never puts the address into a link', () => {
    const mail = confirmation({ to: 'ada.lovelace@example.com' });
    for (const url of urlsIn(mail.html)) expect(url).not.toMatch(/ada|lovelace|%40|@/i);
  });
});

describe('the data link mail', () => {
  it('offers the manage page and has no confirmation link', () => {
    const mail = dataLink();
    expect(mail.subject).toBe(`Your link to your ${BRAND.name} waitlist data`);
    expect(mail.text).toMatch(new RegExp(`Manage my data:\\n${SITE}/manage\\?token=`));
    expect(mail.text).not.toContain('/confirm');
  });
});

describe('personLinkUrl', () => {
  it('builds links from SITE_URL with or without a trailing slash or a path', () => {
    expect(personLinkUrl('http://localhost:3000', 'en', 'confirm', 'abc')).toBe('http://localhost:3000/confirm?token=abc');
    expect(personLinkUrl('https://example.se/', 'en', 'manage', 'abc')).toBe('https://example.se/manage?token=abc');
  });

  it('puts another locale under its own prefix', () => {
    expect(personLinkUrl('https://example.se', 'sv', 'unsubscribe', 'abc')).toBe('https://example.se/sv/unsubscribe?token=abc');
  });
});

describe('a Swedish sign-up', () => {
  it('gets its confirmation in Swedish, with every link under /sv and the place as the Swedish site says it', () => {
    const mail = confirmation({ locale: 'sv' });
    expect(mail.subject).toBe(`Bekräfta din plats på väntelistan hos ${BRAND.name}`);
    expect(mail.headers['Content-Language']).toBe('sv');
    expect(mail.html).toContain('<html lang="sv">');
    expect(mail.text).toContain('Bekräfta min anmälan');
    expect(mail.text).toContain('obekräftade anmälningar raderas efter 30 dagar');
    expect(mail.text).toContain('Göteborg, Sverige');
    expect(mail.text).not.toMatch(/Confirm|Unsubscribe|Gothenburg/);
    const links = urlsIn(mail.html).filter((url) => url.startsWith(SITE));
    expect(links.length).toBeGreaterThan(0);
    for (const url of links) expect(url).toMatch(new RegExp(`^${SITE}/sv/(confirm|manage|unsubscribe)\\?token=`));
  });

  it('gets its data link in Swedish', () => {
    const mail = composeDataLinkMail({ to: 'ada@example.com', locale: 'sv', siteUrl: SITE, tokens: tokens() });
    expect(mail.subject).toBe(`Din länk till dina uppgifter hos ${BRAND.name}`);
    expect(mail.text).toContain('Hantera mina uppgifter');
    expect(mail.text).toContain(`${SITE}/sv/manage?token=`);
  });
});

describe('mail copy', () => {
  it('escapes whatever goes into HTML', () => {
    const mail = composeConfirmationMail({
      to: 'a@example.com',
      locale: 'en',
      siteUrl: SITE,
      tokens: tokens(),
      retentionDays: 30,
      brand: { ...BRAND, name: '<b>"Evil" & Co</b>' },
    });
    expect(mail.html).not.toContain('<b>"Evil"');
    expect(mail.html).toContain('&lt;b&gt;&quot;Evil&quot; &amp; Co&lt;/b&gt;');
    expect(mail.text).toContain('<b>"Evil" & Co</b>');
  });

  it('falls back to English for a locale without words', () => {
    const mail = confirmation({ locale: 'xx' });
    expect(mail.lang).toBe('en');
    expect(mail.subject).toBe(`Confirm your place on the ${BRAND.name} waitlist`);
  });
});
