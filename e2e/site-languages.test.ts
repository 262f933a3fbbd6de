import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, MANAGE_COOKIE, ROLE_OPTIONS } from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../server/src/test/smtp';
import { DESKTOP, PHONE, axeViolations, launchBrowser, openPage, screenshot } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server';
import { fillSignupFormByName } from './support/signup-form';

const MESSAGES = { en: CATALOGUE.en.form, sv: CATALOGUE.sv.form };

/**
 * The site in two languages as a visitor meets it in Chromium: the URL decides the language (never the
 * browser's Accept-Language), the header's language link keeps the page and the section, a Swedish-preferring
 * visitor is offered the Swedish page and can say no, and a Swedish sign-up without script is stored with its
 * language and answered in Swedish: the thank-you page, the mail (real SMTP) and the pages its links open.
 */
const LANGUAGE_LINK = { en: 'Language: Svenska', sv: 'Språk: English' } as const;

describe('the site in Swedish and English', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const port = await freePort();
    server = await startServer({
      dialect: 'postgres',
      port,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Innovate <hello@example.com>', SITE_URL: `http://127.0.0.1:${port}` },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function visit(options: BrowserContextOptions, path: string, referer?: string) {
    const context = await browser.newContext(options);
    const { page, problems } = await openPage(context);
    await page.goto(`${server.url}${path}`, referer ? { referer } : {});
    return { context, page, problems };
  }

  const offer = (page: Page, lang: string) => page.locator(`aside[lang="${lang}"]`);

  it('serves what the URL says whatever the browser prefers: no redirect, lang and alternates per page', async () => {
    for (const [path, lang] of [
      ['/', 'en'],
      ['/sv', 'sv'],
      ['/about', 'en'],
      ['/sv/about', 'sv'],
    ] as const) {
      for (const acceptLanguage of ['sv-SE,sv;q=0.9', 'en-GB,en;q=0.8']) {
        const res = await fetch(`${server.url}${path}`, { headers: { 'accept-language': acceptLanguage }, redirect: 'manual' });
        expect(res.status, `${path} ${acceptLanguage}`).toBe(200);
        const html = await res.text();
        expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
      }
    }
  });

  it('the header link leads to the same page and section in the other language, and back', async () => {
    const { context, page, problems } = await visit(DESKTOP, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Home' }).click();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(/#faq$/);
    await page.getByRole('link', { name: LANGUAGE_LINK.en }).click();
    await page.waitForURL(`${server.url}/sv#faq`);
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    expect(await page.getByRole('heading', { name: 'Vanliga frågor' }).isVisible()).toBe(true);
    // The visitor chose the language on the site: no offer to switch back.
    expect(await offer(page, 'en').isVisible()).toBe(false);

    await page.getByRole('link', { name: LANGUAGE_LINK.sv }).click();
    await page.waitForURL(`${server.url}/#faq`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(problems.errors).toEqual([]);

    // The 404 pages (status 404, so the console notes a failed load) switch to the other language's home.
    for (const [from, to] of [
      ['/about', '/sv/about'],
      ['/privacy', '/sv/privacy'],
      ['/thank-you', '/sv/thank-you'],
      ['/sv/privacy', '/privacy'],
      ['/accessibility', '/sv/tillganglighet'],
      ['/sv/tillganglighet', '/accessibility'],
      ['/no-such-page', '/sv'],
      ['/sv/finns-inte', '/'],
    ] as const) {
      await page.goto(`${server.url}${from}`);
      const lang = (await page.locator('html').getAttribute('lang')) as 'en' | 'sv';
      const link = page.getByRole('link', { name: LANGUAGE_LINK[lang] });
      expect(await link.getAttribute('href'), from).toBe(to);
      expect(await link.getAttribute('hreflang')).toBe(lang === 'en' ? 'sv' : 'en');
    }
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('offers the Swedish page to a visitor whose browser prefers Swedish, dismissibly, storing nothing', async () => {
    const { context, page, problems } = await visit({ ...PHONE, locale: 'sv-SE' }, '/about', 'https://www.example.org/');
    const swedish = offer(page, 'sv');
    await swedish.waitFor({ state: 'visible' });
    expect(await swedish.innerText()).toContain('Den här sidan finns också på svenska.');
    expect(await swedish.getByRole('link', { name: 'Läs på svenska' }).getAttribute('href')).toBe('/sv/about');
    expect(await axeViolations(page)).toEqual([]);
    await swedish.getByRole('button', { name: 'Nej tack' }).click();
    expect(await swedish.isVisible()).toBe(false);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    const storage = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
    expect(storage).toEqual({ local: 0, session: 0, cookie: '' });
    expect(await context.cookies()).toEqual([]);

    // Escape says no too (keyboard users need not reach the button).
    await page.reload();
    await swedish.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    expect(await swedish.isVisible()).toBe(false);

    // Taking the offer opens the Swedish page, which offers nothing back.
    await page.reload();
    await swedish.getByRole('link', { name: 'Läs på svenska' }).click();
    await page.waitForURL(`${server.url}/sv/about`);
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    expect(await page.locator('aside[lang]:visible').count()).toBe(0);
    expect(problems.errors).toEqual([]);
    await context.close();

    // A visitor whose browser prefers English is not offered anything on an English page.
    const english = await visit({ ...DESKTOP, locale: 'en-GB' }, '/about', 'https://www.example.org/');
    await english.page.waitForLoadState('load');
    expect(await english.page.locator('aside[lang]:visible').count()).toBe(0);
    await english.context.close();
  });

  it('a Swedish sign-up with script: messages beside the fields, toasts and mail in Swedish, stored as sv', async () => {
    const email = `sara-${Date.now()}@example.se`;
    const { context, page, problems } = await visit(PHONE, '/sv#signup-form');
    // The form's script loads as the form nears the screen; once the network is quiet it has arrived.
    await page.waitForLoadState('networkidle');
    const opened = page.url();
    const form = page.getByRole('form', { name: 'Skriv upp dig på väntelistan' });
    await form.getByRole('button', { name: 'Skriv upp mig' }).click();
    const field = form.getByRole('textbox', { name: 'E-post i jobbet' });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const {
      otherOutcome: _onlyWhenTooLong,
      emailDisposable: _serverSays,
      emailBlocked: _serverSaysToo,
      emailUndeliverable: _serverSaysAlso,
      // The join page's code (partner codes): not a field of this form.
      partnerCode: _joinPageOnly,
      partnerCodeUnknown: _joinPageServerSays,
      partnerCodeExpired: _joinPageServerSaysToo,
      partnerCodeFull: _joinPageServerSaysAlso,
      partnerCodeWithdrawn: _joinPageServerSaysAsWell,
      ...shown
    } = MESSAGES.sv.validation;
    for (const message of Object.values(shown)) expect(await form.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    // Checked in the page (the island), not by a round trip to the server.
    expect(page.url()).toBe(opened);

    const fill = async () => {
      await field.fill(email);
      await form.getByRole('combobox', { name: 'Din roll' }).selectOption({ label: 'Projektledare' });
      await form.getByRole('combobox', { name: 'Företagets storlek' }).selectOption({ label: '501–1 000 anställda' });
      await form.getByRole('checkbox', { name: 'Kortare tid till marknad', exact: true }).check();
      await form.getByRole('checkbox', { name: /Jag godkänner/ }).check();
    };
    const toast = (text: string) => page.getByRole('status').getByText(text, { exact: true });
    await fill();
    await form.getByRole('button', { name: 'Skriv upp mig' }).click();
    await toast(MESSAGES.sv.toasts.success.title).waitFor();
    expect(await field.inputValue()).toBe('');
    const rows = await server.query<{ role: string; company_size: string; locale: string }>(
      'SELECT role, company_size, locale FROM waitlist_signups WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ role: 'Project Manager', company_size: '501-1000 employees', locale: 'sv' }]);

    await fill();
    await form.getByRole('button', { name: 'Skriv upp mig' }).click();
    await toast(MESSAGES.sv.toasts.alreadyRegistered.title).waitFor();
    expect(await toast(MESSAGES.sv.toasts.alreadyRegistered.description).isVisible()).toBe(true);
    expect(page.url()).toBe(opened);
    expect(problems.errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();

    const mail = await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    expect(mail.subject).toBe('Bekräfta din plats på väntelistan hos Acme Innovate');
  });

  it.each([
    ['en', true],
    ['sv', true],
    ['en', false],
    ['sv', false],
  ] as const)(
    'in %s with script %s: a temporary-inbox address is refused beside the address field, nothing stored',
    async (locale, script) => {
      const email = `ada-${locale}-${script}-${Date.now()}@mailinator.com`;
      const { context, page, problems } = await visit(
        { ...DESKTOP, javaScriptEnabled: script },
        locale === 'en' ? '/#signup-form' : '/sv#signup-form',
      );
      if (script) await page.waitForLoadState('networkidle');
      const form = await fillSignupFormByName(page, email);
      const field = form.locator('[name="email"]');
      await form.locator('button[type="submit"]').click();
      const message = MESSAGES[locale].validation.emailDisposable;
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ');
      const described = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(described).toContain(message);
      // What the visitor typed stays, the address field has the focus, and nothing was stored.
      expect(await field.inputValue()).toBe(email);
      if (script) await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      expect(await server.query('SELECT id FROM waitlist_signups WHERE email = $1', [email])).toEqual([]);
      // (axe runs in the page's script: checked with script on; the message's markup is the same component without.)
      if (script) expect(await axeViolations(page)).toEqual([]);
      expect(problems.errors.filter((e) => !e.includes('400'))).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['en', true],
    ['sv', true],
    ['en', false],
    ['sv', false],
  ] as const)(
    'in %s with script %s: "Did you mean …?" for a mistyped domain; the visitor takes the suggestion and is signed up with it',
    async (locale, script) => {
      const stamp = `${locale}${script ? 1 : 0}${Date.now()}`;
      const typed = `eva${stamp}@gmial.com`;
      const meant = `eva${stamp}@gmail.com`;
      const signupCopy = CATALOGUE[locale].site.signup;
      const words = signupCopy.emailSuggestion;
      const { context, page, problems } = await visit(
        { ...DESKTOP, javaScriptEnabled: script },
        locale === 'en' ? '/#signup-form' : '/sv#signup-form',
      );
      if (script) await page.waitForLoadState('networkidle');
      const form = await fillSignupFormByName(page, typed);
      const field = form.locator('[name="email"]');
      const question = form.getByText(words.question.replace('{address}', meant), { exact: true });
      const use = form.getByRole('button', { name: words.use.replace('{address}', meant) });
      if (script) {
        // Asked as soon as the visitor left the field: nothing was sent.
        await question.waitFor();
      } else {
        // Without script the first submit asks, and stores nothing yet.
        await form.locator('button[type="submit"]').last().click();
        await question.waitFor();
        expect(await server.query('SELECT id FROM waitlist_signups WHERE email = $1 OR email = $2', [typed, meant])).toEqual([]);
      }
      // gmial.com is itself a temporary-inbox domain: the page the server answers offers only the suggestion (the
      // script, which does not carry that list, still offers both; the server would refuse the typed one beside the field).
      expect(await form.getByRole('button', { name: words.keep.replace('{typed}', typed) }).count()).toBe(script ? 1 : 0);
      if (script) expect(await axeViolations(page)).toEqual([]);
      await use.click();
      if (script) {
        // The suggestion replaces what was typed, in place; then the visitor signs up.
        expect(await field.inputValue()).toBe(meant);
        expect(await question.count()).toBe(0);
        await form.getByRole('button', { name: signupCopy.labels.submit }).click();
        await page.getByRole('status').getByText(MESSAGES[locale].toasts.success.title, { exact: true }).waitFor();
      } else {
        await page.waitForURL(/thank-you/);
      }
      expect(await server.query('SELECT email FROM waitlist_signups WHERE email = $1', [meant])).toEqual([{ email: meant }]);
      expect(problems.errors).toEqual([]);
      await context.close();
    },
  );

  it('a Swedish sign-up without script: Swedish thank-you, stored as sv, Swedish mail whose links open Swedish pages', async () => {
    const email = `karin-${Date.now()}@example.se`;
    const { context, page } = await visit({ ...DESKTOP, javaScriptEnabled: false }, '/sv');
    const form = page.getByRole('form', { name: 'Skriv upp dig på väntelistan' });
    await form.getByRole('textbox', { name: 'E-post i jobbet' }).fill(email);
    await form.getByRole('combobox', { name: 'Din roll' }).selectOption({ label: 'Innovationschef / innovationsdirektör' });
    await form.getByRole('combobox', { name: 'Företagets storlek' }).selectOption({ label: 'Fler än 1 000 anställda' });
    await form.getByRole('checkbox', { name: 'Återanvända insikter', exact: true }).check();
    await form.getByRole('checkbox', { name: /Jag godkänner/ }).check();
    await Promise.all([page.waitForURL(`${server.url}/sv/thank-you**`), form.getByRole('button', { name: 'Skriv upp mig' }).click()]);
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tack för din anmälan!');
    await context.close();

    const [row] = await server.query<{ role: string; company_size: string; desired_outcomes: string[]; locale: string }>(
      'SELECT role, company_size, desired_outcomes, locale FROM waitlist_signups WHERE email = $1',
      [email],
    );
    expect(row).toEqual({
      role: ROLE_OPTIONS[0],
      company_size: COMPANY_SIZE_OPTIONS[5],
      desired_outcomes: [DESIRED_OUTCOME_OPTIONS[4]],
      locale: 'sv',
    });

    const mail: ReceivedMail = await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    expect(mail.subject).toBe('Bekräfta din plats på väntelistan hos Acme Innovate');
    expect(mail.text).toContain('Tack för att du skrev upp dig på väntelistan');
    expect(mail.text).toContain('Avregistrera dig från nyheter');
    expect(mail.text).not.toMatch(/Thank you|Confirm/);
    expect(String(mail.parsed.html)).toMatch(/<html[^>]* lang="sv"/);
    const confirm = new RegExp(`${server.url}/sv/confirm\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
    const manage = new RegExp(`${server.url}/sv/manage\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
    expect(confirm && manage).toBeTruthy();

    const reader = await browser.newContext(DESKTOP);
    const { page: inbox } = await openPage(reader);
    await inbox.goto(confirm!);
    expect(await inbox.locator('html').getAttribute('lang')).toBe('sv');
    await screenshot(inbox, 'sv-confirm-1280');
    await inbox.getByRole('button', { name: 'Bekräfta min anmälan' }).click();
    await inbox.getByRole('heading', { level: 1, name: 'Tack, nu är du bekräftad' }).waitFor();
    await screenshot(inbox, 'sv-confirmed-1280');
    await inbox.goto(manage!);
    await inbox.getByRole('heading', { level: 1, name: 'Dina uppgifter' }).waitFor();
    expect(inbox.url()).toBe(`${server.url}/sv/manage`);
    expect((await reader.cookies()).map((c) => [c.name, c.path])).toEqual([[MANAGE_COOKIE, '/sv/manage']]);
    expect(await inbox.getByRole('combobox', { name: 'Roll' }).inputValue()).toBe(ROLE_OPTIONS[0]);
    expect(await inbox.getByRole('combobox', { name: 'Roll' }).locator('option:checked').textContent()).toBe(
      'Innovationschef / innovationsdirektör',
    );
    expect(await axeViolations(inbox)).toEqual([]);
    await screenshot(inbox, 'sv-manage-1280');
    expect(server.logs()).not.toContain(email);
    await reader.close();
  });
});
