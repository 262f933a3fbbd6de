import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { CONSOLE_WORDS, type ConsoleWords } from '@waitlist/catalogue/console';
import { axeViolations, openPage, screenshot } from './support/browser';
import { OPERATOR, PASSWORD, addOperator, openConsoleAs, signInToConsole } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * The console remembers where you are (issue 48 items 1 and 3), in Chromium against the built server: a link to a
 * filtered view opens it after sign-in; reload, Back and Forward keep the view; every page of the navigation is reached
 * by keyboard, has its own address and is axe clean; a member's link to an owner's screen says why it does not open;
 * an address that names no screen says so; a link from an older mail still opens what it named.
 */
const MEMBER = 'member@example.com';

/** Every page of the navigation, as its link, its address and its heading read in `words`. */
const pagesIn = (words: ConsoleWords): [link: string, path: string, heading: string][] => {
  const { nav } = words.shell;
  const { screens } = words;
  return [
    [nav.companies, '/admin/companies', screens.companies],
    [nav.funnel, '/admin/funnel', screens.funnel],
    [nav.dashboard, '/admin/dashboard', screens.dashboard],
    [nav.waves, '/admin/pilots/waves', screens.waves],
    [nav.updates, '/admin/pilots/updates', screens.updates],
    [nav.calls, '/admin/pilots/calls', screens.calls],
    [nav.questions, '/admin/pilots/questions', screens.questions],
    [nav.codes, '/admin/pilots/codes', screens.codes],
    [nav.crm, '/admin/crm', screens.crm],
    [nav.outbox, '/admin/outbox', screens.outbox],
    [nav.deliverability, '/admin/deliverability', screens.deliverability],
    [nav.team, '/admin/team', screens.team],
    [nav.audit, '/admin/audit', screens.audit],
    [nav.security, '/admin/account/security', screens.security],
    [nav.notifications, '/admin/account/notifications', screens.notifications],
    [nav.signups, '/admin/signups', screens.signups],
  ];
};

describe('the console at its addresses', () => {
  const suite = useServerWithMail();
  beforeAll(async () => {
    await addOperator(suite.server);
    await addOperator(suite.server, MEMBER, PASSWORD, 'member');
    for (const [email, role] of [
      ['ebba@scania.example', 'Head of Innovation / Innovation Director'],
      ['lars@volvo.example', 'Product Manager'],
    ]) {
      const res = await fetch(`${suite.server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
        body: JSON.stringify({ email, role, company_size: '1000+ employees', desired_outcomes: ['Reuse insights'] }),
      });
      expect(res.status).toBe(201);
    }
  });

  it('opens a link to a filtered view after sign-in, and keeps it across reload, Back and Forward', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    const link = `${suite.server.url}/admin/signups?role=Product+Manager`;
    await page.goto(link);
    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(/1\s+sign-up match the filters/).waitFor();
    expect(await page.getByLabel('Role').inputValue()).toBe('Product Manager');
    await page.reload();
    await page.getByText(/1\s+sign-up match the filters/).waitFor();

    // A person, then Back to the same view, then Forward to the person.
    await page.getByRole('link', { name: 'lars@volvo.example' }).click();
    await page.getByRole('heading', { level: 1, name: /lars@volvo\.example/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/signups\/\d+$/);
    await page.goBack();
    await page.getByText(/1\s+sign-up match the filters/).waitFor();
    expect(page.url()).toBe(link);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: /lars@volvo\.example/ }).waitFor();

    // The address search goes to the server, never into the address.
    await page.goBack();
    await page.getByLabel('Search e-mail').fill('lars@volvo');
    await page.getByText(/1\s+sign-up match the filters/).waitFor();
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('lars');
    await context.close();
  });

  it.each(['en', 'sv'] as const)(
    'reaches every page of the navigation by keyboard in a browser whose language is %s, each at its own address, axe clean',
    async (language) => {
      const words = CONSOLE_WORDS[language];
      const context = await suite.browser.newContext({
        viewport: { width: 1360, height: 1000 },
        locale: language === 'sv' ? 'sv-SE' : 'en-GB',
      });
      const { page } = await openPage(context);
      // The sign-in page already speaks the browser's language.
      await page.goto(`${suite.server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: words.signIn.title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel(words.signIn.email).fill(OPERATOR);
      await page.getByLabel(words.signIn.password).fill(PASSWORD);
      await page.getByRole('button', { name: words.signIn.submit, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: words.screens.signups }).waitFor();
      // The list's count in the language: "2 sign-ups in total", "2 anmälningar totalt".
      await page.getByText(words.signups.summary(false, 'all')).waitFor();

      const nav = page.getByRole('navigation', { name: words.shell.navLabel });
      for (const [link, path, heading] of pagesIn(words)) {
        await nav.getByRole('link', { name: link, exact: true }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        expect(new URL(page.url()).pathname, link).toBe(path);
        expect(await nav.getByRole('link', { name: link, exact: true }).getAttribute('aria-current'), link).toBe('page');
        expect(await page.title()).toBe(words.shell.tabTitle(heading));
        // The focus moved to the page's content, so a screen reader hears where it is.
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
        expect(await axeViolations(page), link).toEqual([]);
      }
      await screenshot(page, `console-signups-${language}`);
      await context.close();
    },
  );

  it('keeps the language an operator chose with their account: another browser opens the console in it', async () => {
    const sv = CONSOLE_WORDS.sv;
    const en = CONSOLE_WORDS.en;
    const first = await suite.browser.newContext({ viewport: { width: 1360, height: 1000 }, locale: 'en-GB' });
    const { page } = await openPage(first);
    await openConsoleAs(page, suite.server.url);
    // The switch in the top bar, by keyboard: the console turns Swedish at once, the page's language with it.
    await page.getByRole('group', { name: en.lang.choose }).getByRole('button', { name: 'Svenska' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: sv.screens.signups }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sv');
    expect(await page.getByRole('button', { name: 'Svenska' }).getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await suite.server.query(`SELECT locale FROM operators WHERE email = '${OPERATOR}'`))[0]?.locale)
      .toBe('sv');
    await first.close();

    // Another browser, in English: the sign-in page is English, the console after it Swedish.
    const second = await suite.browser.newContext({ viewport: { width: 1360, height: 1000 }, locale: 'en-GB' });
    const other = (await openPage(second)).page;
    await signInToConsole(other, suite.server.url);
    await other.getByRole('heading', { level: 1, name: sv.screens.signups }).waitFor();
    expect(await axeViolations(other)).toEqual([]);
    // Back to English for the tests after this one.
    await other.getByRole('button', { name: 'English' }).click();
    await other.getByRole('heading', { level: 1, name: en.screens.signups }).waitFor();
    await expect
      .poll(async () => (await suite.server.query(`SELECT locale FROM operators WHERE email = '${OPERATOR}'`))[0]?.locale)
      .toBe('en');
    await second.close();
  });

  it('tells a member why an owner’s screen does not open, and any reader that an address names no screen', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await openConsoleAs(page, suite.server.url, { email: MEMBER, password: PASSWORD });
    await page.goto(`${suite.server.url}/admin/audit?outcome=refused`);
    await page.getByRole('heading', { level: 1, name: 'This screen is for owners' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${suite.server.url}/admin/no-such-screen`);
    await page.getByRole('heading', { level: 1, name: 'No such screen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A link from an older mail (`/admin#/security`) opens what it named, at today's address.
    await page.goto(`${suite.server.url}/admin#/security`);
    await page.getByRole('heading', { level: 1, name: 'Sign-in security' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/account/security');
    await context.close();
  });
});
