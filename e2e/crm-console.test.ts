import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startFakeHubSpot, type FakeHubSpot } from '../server/src/test/crm-vendors/hubspot';
import { axeViolations, openPage, screenshot } from './support/browser';
import { addOperator, openConsoleAs } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * The founders' CRM in the console, in Chromium against the built server and HubSpot's API as documented, served on
 * loopback (issue 49 item 5): an owner connects HubSpot with the keyboard, maps the role to HubSpot's own job title,
 * sees the confirmed person arrive there and the exchange listed with HubSpot's answer, tests the connection, and the
 * privacy page names HubSpot. axe finds nothing.
 */
const TOKEN = 'pat-eu1-11111111-2222-3333-4444-555555555555';
const PERSON = { email: 'ebba.strand@scania.example', role: 'Head of Innovation / Innovation Director' };

describe('the CRM screen', () => {
  let hubspot: FakeHubSpot;
  const env: Record<string, string> = { OUTBOX_POLL_MS: '100' };
  beforeAll(async () => {
    hubspot = await startFakeHubSpot(TOKEN);
    env.HUBSPOT_API_URL = hubspot.url;
  });
  afterAll(async () => hubspot.close());
  const suite = useServerWithMail({ env });
  beforeAll(async () => {
    await addOperator(suite.server);
  });

  it('connects HubSpot, maps a field, shows the sync with HubSpot’s answer, and the privacy page names it', async () => {
    const { server, browser } = suite;
    for (const email of [PERSON.email, 'not.yet@volvo.example']) {
      const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
        body: JSON.stringify({ email, role: PERSON.role, company_size: '1000+ employees', desired_outcomes: ['Reuse insights'] }),
      });
      expect(res.status).toBe(201);
    }
    await server.execute('UPDATE waitlist_signups SET confirmed_at = created_at WHERE email = ?', [PERSON.email]);

    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await openConsoleAs(page, server.url);
    await page.getByRole('link', { name: 'CRM' }).click();
    await page.getByRole('heading', { level: 1, name: 'CRM' }).waitFor();
    await page.getByText('No CRM connected').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The form, by keyboard: the token, no score threshold, the role to HubSpot's own job title.
    const form = page.getByRole('form', { name: 'Connect a CRM' });
    await form.getByLabel('Private app access token').fill(TOKEN);
    await form.getByLabel('Fit score at least (empty: any)').fill('');
    await form.getByLabel('Property for Role').fill('jobtitle');
    await form.getByRole('button', { name: 'Connect HubSpot' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('HubSpot is connected: 1 person is on the way there.').waitFor();
    expect(await page.content()).not.toContain(TOKEN);

    await expect.poll(() => hubspot.contacts.get(PERSON.email)?.properties.jobtitle, { timeout: 15_000 }).toBe(PERSON.role);
    expect(hubspot.contacts.has('not.yet@volvo.example')).toBe(false);

    // The screen shows the sync and HubSpot's answer (it reads again every 10 s; a reload reads now).
    await page.reload();
    const status = page.getByRole('region', { name: 'HubSpot' });
    await status.getByText('ending in 5555').waitFor();
    await status.getByText('everyone confirmed').waitFor();
    const exchanges = page.getByRole('table', { name: /latest exchanges with the CRM/ });
    await exchanges.getByRole('row', { name: /push 1 done 1 created, 0 updated/ }).waitFor();
    await status.getByRole('button', { name: 'Test the connection' }).click();
    await page
      .getByRole('list', { name: 'Test of the connection' })
      .getByText(/HubSpot let the token read contacts/)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-crm');

    // The privacy page names HubSpot as a recipient now.
    await page.goto(`${server.url}/privacy`);
    await page.getByText(/We keep track of the waitlist in HubSpot \(HubSpot, Inc\.\)/).waitFor();
    await context.close();
  });
});
