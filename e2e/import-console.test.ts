import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS, SIGNUPS_PATH } from '@waitlist/contract';
import { axeViolations, openPage, screenshot } from './support/browser';
import { addOperator, signInToConsole } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * Sign-ups → Import a list… in Chromium against the built server with a real SMTP server (issue 26): an owner checks a
 * file exported from another tool (nothing stored; each invalid line with its reason), imports the new people with a
 * confirmation mail each, finds them in the list, and a second run of the same file adds nobody.
 */
const [role, otherRole] = [ROLE_OPTIONS[1], ROLE_OPTIONS[2]];
const size = COMPANY_SIZE_OPTIONS[3];
const outcome = DESIRED_OUTCOME_OPTIONS[0];
const ALREADY = 'already@volvo.example';
/** Mailchimp's column names, an existing person, a repeat, an invalid role and an invalid address. */
const FILE = [
  'Email Address,Job Title,Company Size,Desired outcomes,Language',
  `ingrid@sandvik.example,${role},${size},${outcome},sv`,
  `oskar@atlascopco.example,${otherRole},${size},${outcome},en`,
  `${ALREADY.toUpperCase()},${role},${size},${outcome},en`,
  `Ingrid@Sandvik.example,${role},${size},${outcome},sv`,
  `nils@skf.example,Chief Everything,${size},${outcome},en`,
  `not-an-address,${role},${size},${outcome},en`,
].join('\n');

describe('importing a list from the console', () => {
  const suite = useServerWithMail({ env: { OUTBOX_POLL_MS: '100' } });
  beforeAll(async () => {
    await addOperator(suite.server);
    const res = await fetch(`${suite.server.url}${SIGNUPS_PATH}`, {
      method: 'POST',
      headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
      body: JSON.stringify({ email: ALREADY, role, company_size: size, desired_outcomes: [outcome] }),
    });
    expect(res.status).toBe(201);
  });

  it('checks the file, imports the new people with a confirmation each, and a second run adds nobody', async () => {
    const { server, smtp, browser } = suite;
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page, problems } = await openPage(context);
    await signInToConsole(page, server.url);
    await page.getByRole('button', { name: 'Import a list…' }).click();
    const panel = page.getByRole('region', { name: 'Import a list' });
    const file = { name: 'summit-2025.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) };
    await panel.getByLabel('CSV file').setInputFiles(file);
    await panel.getByLabel('Where the list comes from').fill('innovation-summit-2025');
    const importButton = panel.getByRole('button', { name: /^Import/ });
    expect(await importButton.isDisabled()).toBe(true);

    // The check stores nothing and says what would happen, each invalid line with its reason.
    await panel.getByRole('button', { name: 'Check the file (nothing is stored)' }).click();
    const report = panel.getByRole('status');
    await report
      .getByText('Checked: 6 rows: 2 new, 1 already on the list, 1 repeated in the file, 2 invalid.', { exact: false })
      .waitFor({ timeout: 15_000 });
    expect(await report.getByRole('listitem').allTextContents()).toEqual([
      `Line 6: role "Chief Everything" is not one of the form's roles`,
      'Line 7: the e-mail address is not valid',
    ]);
    const stored = async () => Number((await server.query<{ n: number }>('SELECT count(*) AS n FROM waitlist_signups'))[0]!.n);
    expect(await stored()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-import-checked');

    // Ask each to confirm by mail, then import (with the keyboard).
    await panel.getByLabel(/Ask each new person to confirm by mail/).check();
    expect(await importButton.textContent()).toBe('Import 2 new people');
    await importButton.focus();
    await page.keyboard.press('Enter');
    await report
      .getByText('2 stored, attributed to “innovation-summit-2025”; 2 confirmation mails queued.', { exact: false })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'ingrid@sandvik.example' }).waitFor();
    await page.getByRole('link', { name: 'oskar@atlascopco.example' }).waitFor();
    await expect
      .poll(() => smtp.mailsTo('ingrid@sandvik.example').map((m) => m.subject), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/Bekräfta/)]);
    await expect
      .poll(() => smtp.mailsTo('oskar@atlascopco.example').map((m) => m.subject), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/Confirm your place/)]);
    expect(smtp.mailsTo(ALREADY).filter((m) => !/Confirm your place/.test(m.subject))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-import-done');

    // Choosing the file again asks for a new check first; the same file then has nobody new.
    await panel.getByLabel('CSV file').setInputFiles(file);
    expect(await report.count()).toBe(0);
    expect(await importButton.isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Check the file (nothing is stored)' }).click();
    await report
      .getByText('Checked: 6 rows: 0 new, 3 already on the list, 1 repeated in the file, 2 invalid.', { exact: false })
      .waitFor({ timeout: 15_000 });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await stored()).toBe(3);
    // The one 401 is the console asking "am I signed in?" before the sign-in.
    expect(problems.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });
  it('imports a list of addresses alone: the console shows the answers as not known, and the person answers on their page', async () => {
    const { server, smtp, browser } = suite;
    const addresses = [
      'Email Address,First Name,Last Name,OPTIN_TIME,Language',
      'karin@ericsson.example,Karin,Ek,2025-09-01 10:00:00,sv',
      'lars@ericsson.example,Lars,Ek,2025-09-02 10:00:00,sv',
    ].join('\n');
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page, problems } = await openPage(context);
    await signInToConsole(page, server.url);
    await page.getByRole('button', { name: 'Import a list…' }).click();
    const panel = page.getByRole('region', { name: 'Import a list' });
    await panel.getByLabel('CSV file').setInputFiles({ name: 'mailchimp.csv', mimeType: 'text/csv', buffer: Buffer.from(addresses) });
    await panel.getByLabel('Where the list comes from').fill('mailchimp');
    await panel.getByRole('button', { name: 'Check the file (nothing is stored)' }).click();
    const report = panel.getByRole('status');
    await report.getByText('Checked: 2 rows: 2 new', { exact: false }).waitFor({ timeout: 15_000 });
    await report.getByText('2 of the new without answers', { exact: false }).waitFor();
    await panel.getByLabel(/Ask each new person to confirm by mail/).check();
    await panel.getByRole('button', { name: 'Import 2 new people' }).click();
    await report.getByText('2 stored', { exact: false }).waitFor({ timeout: 15_000 });

    // The list's filter "Role: Not known (imported)" finds exactly them; their rows say so.
    await page.getByLabel('Role').selectOption({ label: 'Not known (imported)' });
    const table = page.getByRole('table', { name: /Sign-ups/ });
    await table.getByRole('link', { name: 'karin@ericsson.example' }).waitFor();
    await expect.poll(async () => (await table.locator('tbody tr').allTextContents()).length).toBe(2);
    expect(await table.locator('tbody tr').first().textContent()).toContain('Not known (imported)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-import-addresses');

    // Karin's confirmation mail asks, in Swedish; her data page too, and she answers with the keyboard.
    await expect.poll(() => smtp.mailsTo('karin@ericsson.example').length, { timeout: 15_000 }).toBe(1);
    const [mail] = smtp.mailsTo('karin@ericsson.example');
    expect(mail!.text).toContain('vi vet ännu inte din roll');
    const manage = new RegExp(`${server.url}/sv/manage\\?token=[A-Za-z0-9_-]{43}`).exec(mail!.text)![0];
    const person = await context.newPage();
    await person.goto(manage);
    await person.getByRole('heading', { level: 1, name: 'Dina uppgifter' }).waitFor();
    await person.getByText('så vi vet ännu inte din roll', { exact: false }).waitFor();
    expect(await person.getByLabel('Roll').inputValue()).toBe('');
    expect(await axeViolations(person)).toEqual([]);
    await screenshot(person, 'manage-answers-unknown-sv');
    await person.getByRole('link', { name: 'Lägg till dina svar' }).click();
    await person.getByLabel('Roll').selectOption(role);
    await person.getByLabel('Företagets storlek').selectOption(size);
    await person.locator('input[name="desired_outcomes"]').first().check();
    await person.getByRole('button', { name: 'Spara ändringarna' }).press('Enter');
    await person.getByRole('status').getByText('Dina ändringar är sparade').waitFor();
    expect(await person.getByText('så vi vet ännu inte din roll', { exact: false }).count()).toBe(0);
    const [row] = await server.query<{ role: string | null }>(`SELECT role FROM waitlist_signups WHERE email = 'karin@ericsson.example'`);
    expect(row!.role).toBe(role);
    expect(problems.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  it('shows how far a large import is (rows, rate, time left) while it runs, then its report', async () => {
    const { server, browser } = suite;
    const rows = 50_000;
    const file = [
      'email,role,company_size,desired_outcomes',
      ...Array.from({ length: rows }, (_, i) => `person${i}@large-${i % 400}.example,${role},${size},${outcome}`),
    ].join('\n');
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await signInToConsole(page, server.url);
    await page.getByRole('button', { name: 'Import a list…' }).click();
    const panel = page.getByRole('region', { name: 'Import a list' });
    await panel.getByLabel('CSV file').setInputFiles({ name: 'large.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await panel.getByRole('button', { name: 'Check the file (nothing is stored)' }).click();
    await panel
      .getByText(`Checked: ${rows.toLocaleString('en-US')} rows: ${rows.toLocaleString('en-US')} new`, { exact: false })
      .waitFor({ timeout: 60_000 });
    await panel.getByRole('button', { name: /^Import/ }).click();
    // While it runs: the bar and the line a terminal shows too.
    await panel.getByRole('progressbar', { name: 'Rows imported' }).waitFor({ timeout: 30_000 });
    const line = await panel
      .getByText(/^Importing: [\d,]+ of 50,000 rows \(\d+ %\), [\d,]+ rows\/s, about \d+ (s|min) left$/)
      .textContent({ timeout: 30_000 });
    expect(line).toMatch(/^Importing: /);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-import-progress');
    await panel.getByText(`${rows.toLocaleString('en-US')} stored`, { exact: false }).waitFor({ timeout: 120_000 });
    expect(await panel.getByRole('progressbar').count()).toBe(0);
    await context.close();
  });
});
