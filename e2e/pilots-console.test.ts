import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { axeViolations, openPage, screenshot } from './support/browser';
import { OPERATOR, addOperator, signInToConsole } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * The console's Pilots screen in Chromium against the built server with a real SMTP server (issue 23): a founder
 * filters the list, previews the invitation in both languages, invites the filter, writes an update, sends themselves
 * a test and sends it, with the keyboard where it matters, and axe finds nothing at each step.
 */
const PEOPLE = [
  { email: 'ada@volvo.example', role: 'Innovation Manager / Program Manager', locale: 'en' },
  { email: 'greta@scania.example', role: 'Innovation Manager / Program Manager', locale: 'sv' },
  { email: 'alan@abb.example', role: 'Product Manager', locale: 'en' },
] as const;

describe('the Pilots screen', () => {
  const suite = useServerWithMail({ env: { OUTBOX_POLL_MS: '100' } });
  beforeAll(async () => {
    await addOperator(suite.server);
  });

  it('invites the filtered people and sends an update, previewed in both languages, keyboard and axe clean', async () => {
    const { server, smtp, browser } = suite;
    for (const person of PEOPLE) {
      const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
        body: JSON.stringify({
          email: person.email,
          role: person.role,
          company_size: '1000+ employees',
          desired_outcomes: ['Reuse insights'],
        }),
      });
      expect(res.status).toBe(201);
      await server.execute('UPDATE waitlist_signups SET confirmed_at = created_at, locale = ? WHERE email = ?', [
        person.locale,
        person.email,
      ]);
    }

    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await signInToConsole(page, server.url);
    // The filter the waves and updates go to: one role.
    await page.getByLabel('Role').selectOption('Innovation Manager / Program Manager');
    await page.getByRole('link', { name: 'Waves and short list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Waves and the short list' }).waitFor();
    // The page's address says who it sends to, so a reload keeps it.
    expect(new URL(page.url()).pathname).toBe('/admin/pilots/waves');
    await expect.poll(() => new URL(page.url()).searchParams.get('role')).toBe('Innovation Manager / Program Manager');
    await page.getByText('Who: the Sign-ups filter: Role Innovation Manager / Program Manager; confirmed people only').waitFor();

    // A wave, previewed in both languages first.
    const waves = page.getByRole('form', { name: 'Invite from the Sign-ups filter' });
    await waves.getByLabel('Name of the wave').fill('Pilot cohort 1');
    await waves.getByRole('button', { name: 'Preview both languages' }).click();
    await waves.getByRole('heading', { name: /^English: Your invitation to the/ }).waitFor();
    await waves.getByRole('heading', { name: /^Swedish: Din inbjudan till piloten/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-pilots-wave-preview');
    await waves.getByRole('button', { name: 'Send invitations' }).click();
    await waves.getByText('“Pilot cohort 1”: 2 invited.').waitFor();
    await page.getByRole('cell', { name: 'Pilot cohort 1' }).waitFor();
    // (Each also got their confirmation mail when they signed up: the invitation is the one that says so.)
    const mailTo = async (email: string, subject: RegExp) => {
      await expect.poll(() => smtp.mailsTo(email).filter((m) => subject.test(m.subject)).length, { timeout: 15_000 }).toBe(1);
      return smtp.mailsTo(email).find((m) => subject.test(m.subject))!;
    };
    await mailTo(PEOPLE[0].email, /invitation/);
    await mailTo(PEOPLE[1].email, /inbjudan/);

    // An update: written, saved as a draft, a test copy to the founder, then sent with the keyboard.
    await page.getByRole('link', { name: 'Updates to the list' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('role')).toBe('Innovation Manager / Program Manager');
    // A reload (or the link sent to a co-founder) keeps who the update goes to.
    await page.reload();
    const updates = page.getByRole('form', { name: 'Write an update for the Sign-ups filter' });
    await updates.getByLabel('Name (for you)').fill('November news');
    await updates
      .getByRole('group', { name: /^English/ })
      .getByLabel('Subject')
      .fill('Three things are new');
    await updates
      .getByRole('group', { name: /^English/ })
      .getByLabel(/^Message/)
      .fill('We have **news**:\n\n- one\n- two');
    await updates.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft “November news” saved: it would reach 2 people now.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Test to me: November news' }).click();
    await mailTo(OPERATOR, /^\[Test\] Three things are new$/);
    const send = page.getByRole('button', { name: 'Send… November news' });
    await send.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send “November news”?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-pilots-send-dialog');
    await dialog.getByRole('button', { name: 'Send to 2 people' }).focus();
    await page.keyboard.press('Enter');
    for (const person of PEOPLE.slice(0, 2)) await mailTo(person.email, /^Three things are new$/);
    await page.getByRole('row', { name: /November news Sent 2 2 0 0 0/ }).waitFor({ timeout: 15_000 });
    expect(smtp.mailsTo(PEOPLE[2].email).filter((m) => m.subject === 'Three things are new')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-pilots-sent');
    await context.close();
  });

  it('makes a partner code a visitor without script joins with, confirmed by their own click, and shows how many joined', async () => {
    const { server, smtp, browser } = suite;
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await signInToConsole(page, server.url);
    await page.getByRole('link', { name: 'Partner codes' }).click();
    const form = page.getByRole('form', { name: 'Make a partner code' });
    await form.getByLabel('Label (who it is for)').fill('Vinnova demo day');
    await form.getByLabel('People who may join with it').fill('5');
    await form.getByRole('button', { name: 'Make the code' }).click();
    const code = (await form.locator('code.partner-code').textContent())!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const codeRow = page.getByRole('row').filter({ hasText: 'Vinnova demo day' });
    await expect.poll(() => codeRow.innerText(), { timeout: 15_000 }).toMatch(/^Vinnova demo day\s+…\w{4}\s+0 of 5\s+open/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-pilots-partner-code');

    // A visitor with scripts off, on the Swedish join page.
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const join = await visitor.newPage();
    join.setDefaultTimeout(15_000);
    await join.goto(`${server.url}/sv/join`);
    await join.getByRole('textbox', { name: 'Partnerkod' }).fill(code.toLowerCase());
    await join.getByLabel('E-post i jobbet').fill('linnea@ericsson.example');
    await join.getByLabel('Din roll').selectOption({ index: 1 });
    await join.getByLabel('Företagets storlek').selectOption({ index: 1 });
    await join.locator('input[name="desiredOutcomes"]').first().check();
    await join.locator('input[name="privacyConsent"]').check();
    await join.getByRole('button', { name: 'Skriv upp mig' }).click();
    await join.getByRole('heading', { level: 1, name: 'Titta i din inkorg' }).waitFor();
    await screenshot(join, 'site-join-done-sv');
    // The code is no one's consent: the address's owner confirms from the mail, which says who invited them.
    const mail = await smtp.nextMailTo('linnea@ericsson.example', { timeoutMs: 15_000 });
    expect(mail.subject).toMatch(/^Bekräfta/);
    expect(mail.text).toContain('inbjudningskod från Vinnova demo day');
    await join.goto(/https?:\/\/\S+\/sv\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    await join.getByRole('button', { name: 'Bekräfta min anmälan' }).click();
    await join.getByRole('heading', { level: 1, name: 'Tack, nu är du bekräftad' }).waitFor();
    await visitor.close();

    // The English join page with script, posted half filled in: each message beside its field, axe clean.
    const { page: english } = await openPage(context);
    await english.goto(`${server.url}/join`);
    await english.getByRole('textbox', { name: 'Partner code' }).fill('AAAA-BBBB-CCCC');
    await english.getByLabel('Work e-mail').fill('someone@ericsson.example');
    await english.getByRole('button', { name: 'Join the waitlist' }).click();
    await english.getByText('Please select your role').waitFor();
    expect(await axeViolations(english)).toEqual([]);
    await screenshot(english, 'site-join-errors');
    await english.close();

    await page.reload();
    await expect.poll(() => codeRow.innerText(), { timeout: 15_000 }).toMatch(/^Vinnova demo day\s+…\w{4}\s+1 of 5\s+open/);
    await page.getByRole('button', { name: 'Withdraw “Vinnova demo day”' }).click();
    await expect.poll(() => codeRow.innerText(), { timeout: 15_000 }).toMatch(/^Vinnova demo day\s+…\w{4}\s+1 of 5\s+withdrawn/);

    // The person who joined with it: their page says which code brought them.
    await page.getByRole('link', { name: 'Sign-ups' }).click();
    await page.getByLabel('Search e-mail').fill('linnea');
    await page.getByRole('link', { name: 'linnea@ericsson.example' }).click();
    const cameFrom = page.getByRole('region', { name: 'Where they came from' });
    await expect.poll(() => cameFrom.getByRole('definition').nth(1).innerText(), { timeout: 15_000 }).toBe('Vinnova demo day');
    expect(await cameFrom.getByRole('term').nth(1).textContent()).toBe('Partner code');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-person-partner-code');
    await context.close();
  });
});
