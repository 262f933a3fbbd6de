import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@waitlist/catalogue';
import { MANAGE_REOPEN_PARAM, SIGNUPS_PATH, SITE_LOCALES, type SiteLocale } from '@waitlist/contract';
import { DESKTOP, axeViolations, openPage } from './support/browser';
import { useServerWithMail } from './support/server-with-mail';

/**
 * Every page behind a link in our mail, in both languages, is a page of the site: the same renderer, layout,
 * header, footer and stylesheet, with no script at all (no <script>, no script fetched), no language switch (the
 * address holds the person's token), and axe finds nothing.
 */
const KEY = 'self-service-pages-key';

describe('the pages behind mail links, rendered as site pages', () => {
  const site = useServerWithMail({ env: { WAITLIST_PUBLIC_KEY: KEY } });

  /** A sign-up in `locale` and the links of its confirmation mail, as paths with their tokens. */
  async function linksFor(locale: SiteLocale) {
    const email = `pages-${randomUUID().slice(0, 8)}@example.com`;
    const res = await fetch(`${site.server.url}${SIGNUPS_PATH}`, {
      method: 'POST',
      headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        role: 'Product Manager',
        company_size: '1000+ employees',
        desired_outcomes: ['Reuse insights'],
        locale,
      }),
    });
    expect(res.status).toBe(201);
    const mail = await site.smtp.nextMailTo(email, { timeoutMs: 15_000 });
    const link = (kind: string) => new RegExp(`${site.server.url}(/(?:sv/)?${kind}\\?token=[A-Za-z0-9_-]{43})`).exec(mail.text)![1]!;
    return { confirm: link('confirm'), manage: link('manage'), unsubscribe: link('unsubscribe') };
  }

  it.each(SITE_LOCALES)('in %s: confirm, data, unsubscribe and a bad link are site pages without script, axe clean', async (locale) => {
    const words = CATALOGUE[locale];
    const links = await linksFor(locale);
    const pages = [
      // First, while the browser holds no data-link cookie: the data page reopened without one.
      {
        path: `${locale === 'en' ? '' : '/sv'}/manage?${MANAGE_REOPEN_PARAM}=1`,
        status: 400,
        h1: words.selfService.problems.missing.title,
      },
      { path: links.confirm, status: 200, h1: words.selfService.confirm.title },
      { path: links.manage, status: 200, h1: words.selfService.manage.title },
      { path: links.unsubscribe, status: 200, h1: words.selfService.unsubscribe.title },
      { path: `${locale === 'en' ? '' : '/sv'}/manage?token=${'x'.repeat(43)}`, status: 404, h1: words.selfService.problems.unknown.title },
    ];
    const context = await site.browser.newContext(DESKTOP);
    for (const { path, status, h1 } of pages) {
      // The data link answers 303 with its token moved to a cookie; the page then comes from the cookie.
      let raw = await fetch(`${site.server.url}${path}`, { redirect: 'manual' });
      if (raw.status === 303) {
        const cookie = raw.headers.get('set-cookie')!.split(';')[0]!;
        raw = await fetch(`${site.server.url}${raw.headers.get('location')}`, { headers: { cookie } });
      }
      expect(raw.status, path).toBe(status);
      const html = await raw.text();
      expect(html, path).not.toMatch(/<script/);
      expect(html, path).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
      expect(html, path).toContain(`<html lang="${locale}"`);
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow" />');

      const { page, problems } = await openPage(context);
      await page.goto(`${site.server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
      // The site's header and footer, without a way to another language (it would drop the token).
      expect(await page.locator('header.site-header').count()).toBe(1);
      expect(await page.locator('footer.site-footer').count()).toBe(1);
      expect(await page.locator('a.lang-link').count()).toBe(0);
      expect(
        problems.requests.filter((url) => url.endsWith('.js')),
        path,
      ).toEqual([]);
      // (A refused link answers 4xx, which the console reports for the document itself.)
      expect(
        problems.errors.filter((e) => !(status >= 400 && e.includes(`status of ${status}`))),
        path,
      ).toEqual([]);
      expect(await axeViolations(page), path).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('the answer to "send me my link" is a site page in the language of the form, without script', async () => {
    for (const locale of SITE_LOCALES) {
      const res = await fetch(`${site.server.url}${locale === 'en' ? '' : '/sv'}/privacy/data-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'nobody@example.com' }).toString(),
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toMatch(/<script/);
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(CATALOGUE[locale].selfService.dataLink.title);
    }
  });
});
