import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { axeViolations, openPage, screenshot } from './support/browser';
import { addOperator, openConsoleAs } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * Saved segments in the console, in Chromium against the built server (issue 48 item 2): a founder filters the list,
 * saves the filter under a name with the keyboard, shows it again from the list of segments with its live count, and
 * drafts an update to it on Pilots, whose row then says who it went to. axe finds nothing.
 */
const LEADS = ['ebba@scania.example', 'lars@volvo.example', 'maja@abb.example'];

describe('saved segments in the console', () => {
  const suite = useServerWithMail();
  beforeAll(async () => {
    await addOperator(suite.server);
  });

  it('saves the filter as a segment, shows it again with its count, and sends an update to it', async () => {
    const { server, browser } = suite;
    for (const [i, email] of [...LEADS, 'pm@saab.example'].entries()) {
      const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          role: i < LEADS.length ? 'Head of Innovation / Innovation Director' : 'Project Manager',
          company_size: '1000+ employees',
          desired_outcomes: ['Reuse insights'],
        }),
      });
      expect(res.status).toBe(201);
    }
    await server.execute('UPDATE waitlist_signups SET confirmed_at = created_at', []);

    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await openConsoleAs(page, server.url);
    await page.getByText('None yet: filter the list').waitFor();

    // Filter, then save the filter under a name, by keyboard.
    await page.getByLabel('Role').selectOption('Head of Innovation / Innovation Director');
    await page.getByText(/3\s+sign-ups match the filters/).waitFor();
    const save = page.getByRole('form', { name: 'Save the filter as a segment' });
    await save.getByLabel('Name of the current filter').fill('Innovation heads');
    await save.getByRole('button', { name: 'Save as a segment' }).focus();
    await page.keyboard.press('Enter');
    const listed = page.getByRole('list', { name: 'Segments and who they select' });
    await listed.getByText('Innovation heads').waitFor();
    expect(await listed.innerText()).toContain('Role Head of Innovation / Innovation Director; 3 now');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-segments');

    // Cleared, then shown again from the segment.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText(/4\s+sign-ups in total/).waitFor();
    await page.getByLabel('Show a segment').selectOption({ label: 'Innovation heads (3)' });
    await page.getByText(/3\s+sign-ups match the filters/).waitFor();

    // Pilots: an update to the segment, whose row says who it went to.
    await page.getByRole('link', { name: 'Updates to the list' }).click();
    await page.getByLabel('Send to').selectOption({ label: 'The segment “Innovation heads”' });
    // The segment is in the page's address: a link to it opens the same form for the same people.
    await expect.poll(() => new URL(page.url()).searchParams.get('segment')).toMatch(/^\d+$/);
    await page.reload();
    const updates = page.getByRole('form', { name: 'Write an update for the segment “Innovation heads”' });
    await updates.getByText('Who: the segment “Innovation heads”: Role Head of Innovation / Innovation Director').waitFor();
    await updates.getByLabel('Name (for you)').fill('December news');
    await updates.getByLabel('Subject').first().fill('News from us');
    await updates.getByLabel('Message').first().fill('Hello from the founders.');
    await updates.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByRole('row', { name: /December news Draft 3 .* the segment “Innovation heads”: Role Head of Innovation/ })
      .waitFor({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
