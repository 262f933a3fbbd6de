import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, SSO_CALLBACK_PATH } from '@waitlist/contract';
import { startTestProvider, type TestProvider } from '../server/src/test/oidc-provider';
import { axeViolations, launchBrowser, openPage, screenshot } from './support/browser';
import { OPERATOR, PASSWORD, addOperator } from './support/console-seed';
import { freePort, startServer, type RunningServer } from './support/server';

/**
 * Single sign-on to the console in Chromium (issue 37 item 4), against the built server and a real OpenID provider on
 * loopback (oidc-provider): an owner gives a domain its role with the keyboard; a newcomer of that domain signs in with
 * one click on "Sign in with your organisation's account" and lands in the console with that role; someone of a domain
 * that is not allowed lands back on the sign-in page, told why, signed in nowhere. axe finds nothing on any screen.
 */
describe('single sign-on in the browser', () => {
  let provider: TestProvider;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({ redirectUri: `${site}${SSO_CALLBACK_PATH}` });
    server = await startServer({
      port,
      env: {
        SITE_URL: site,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ALLOWED_DOMAINS: 'acme.example',
      },
    });
    await addOperator(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  it('an owner sets a domain role; a newcomer signs in through the provider with it; another domain is refused', async () => {
    const owner = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(owner);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('link', { name: 'Sign in with your organisation’s account' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 2, name: 'Single sign-on' }).waitFor();
    await page.getByLabel('A domain with a role of its own').fill('acme.example');
    await page.getByRole('button', { name: 'Add the domain' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Role of newcomers from acme.example').selectOption('member');
    await page.getByRole('button', { name: 'Save single sign-on' }).click();
    await page.getByText('Single sign-on is saved.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-sso-settings');
    await owner.close();

    // A newcomer of acme.example: one click, the provider knows them, the console opens with the domain's role.
    provider.signInAs({ sub: 'greta', email: 'greta@acme.example' });
    const newcomer = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page: greta } = await openPage(newcomer);
    await greta.goto(`${server.url}/admin`);
    await greta.getByRole('link', { name: 'Sign in with your organisation’s account' }).click();
    await greta.getByText('greta@acme.example (member)').waitFor();
    expect(new URL(greta.url()).search).toBe('');
    await newcomer.close();

    // Another domain, not invited: back on the sign-in page, told why, with no session.
    provider.signInAs({ sub: 'mallory', email: 'mallory@elsewhere.example' });
    const stranger = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page: mallory } = await openPage(stranger);
    await mallory.goto(`${server.url}/admin`);
    await mallory.getByRole('link', { name: 'Sign in with your organisation’s account' }).click();
    await mallory.getByRole('alert').getByText('Your address is not one of the domains this console lets in').waitFor();
    expect(new URL(mallory.url()).search).toBe('');
    expect((await stranger.cookies()).filter((c) => c.name === ADMIN_SESSION_COOKIE)).toEqual([]);
    expect(await axeViolations(mallory)).toEqual([]);
    await screenshot(mallory, 'console-sso-refused');
    await stranger.close();
  });
});
