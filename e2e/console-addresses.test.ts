import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { axeViolations, openPage, screenshot } from './support/browser';
import { OPERATOR, PASSWORD, addOperator, openConsoleAs } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * The console remembers where you are (issue 48 items 1 and 3), in Chromium against the built server: a link to a
 * filtered view opens it after sign-in; reload, Back and Forward keep the view; every page of the navigation is reached
 * by keyboard, has its own address and is axe clean; a member's link to an owner's screen says why it does not open;
 * an address that names no screen says so; a link from an older mail still opens what it named.
 */
const MEMBER = 'member@example.com';
const PAGES: [link: string, path: string, heading: string][] = [
  ['Companies', '/admin/companies', 'Companies'],
  ['Funnel', '/admin/funnel', 'Funnel'],
  ['Dashboard', '/admin/dashboard', 'Dashboard'],
  ['Waves and short list', '/admin/pilots/waves', 'Waves and the short list'],
  ['Updates to the list', '/admin/pilots/updates', 'Updates to the list'],
  ['Calls and requests', '/admin/pilots/calls', 'Calls and document requests'],
  ['Questions and fit', '/admin/pilots/questions', 'Questions and fit'],
  ['Partner codes', '/admin/pilots/codes', 'Partner codes'],
  ['CRM', '/admin/crm', 'CRM'],
  ['Outbox', '/admin/outbox', 'Outbox'],
  ['Deliverability', '/admin/deliverability', 'Deliverability'],
  ['Team', '/admin/team', 'Team'],
  ['Audit', '/admin/audit', 'Audit trail'],
  ['Security', '/admin/account/security', 'Sign-in security'],
  ['Notifications', '/admin/account/notifications', 'Notifications'],
  ['Sign-ups', '/admin/signups', 'Sign-ups'],
];

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

  it('reaches every page of the navigation by keyboard, each at its own address, axe clean', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await openConsoleAs(page, suite.server.url);
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const [link, path, heading] of PAGES) {
      await nav.getByRole('link', { name: link, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname, link).toBe(path);
      expect(await nav.getByRole('link', { name: link, exact: true }).getAttribute('aria-current'), link).toBe('page');
      expect(await page.title()).toBe(`${heading} · Operator console`);
      // The focus moved to the page's content, so a screen reader hears where it is.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
      expect(await axeViolations(page), link).toEqual([]);
    }
    await screenshot(page, 'console-signups-again');
    await context.close();
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
