import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startServer, type RunningServer } from './support/server';
import { FORMULA, NAMES, OPERATOR, OUTCOMES, PASSWORD, ROLES, SIZES, TARGET, addOperator, backdate } from './support/console-seed';
import { axeViolations, launchBrowser, openPage, screenshot, type PageProblems } from './support/browser';

const ignorable = (message: string) => /status of 401/.test(message); // the console asks "am I signed in?" before sign-in

// One database in the browser: the console's API is proven on both by server/src/routes/admin/*.test.ts (issue 46).
describe.each(['sqlite'] as const)('operator console in a real browser on %s', (dialect) => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let downloadsDir: string;

  beforeAll(async () => {
    server = await startServer({ dialect });
    downloadsDir = fs.mkdtempSync(path.join(server.database.dataDir, 'downloads-'));
    await addOperator(server);

    const seeds: [string, number][] = [];
    const post = (body: object) =>
      fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const [i, name] of NAMES.entries()) {
      const email = `${name}@example.com`;
      const res = await post({
        email,
        role: ROLES[i % ROLES.length],
        company_size: SIZES[(i * 3) % SIZES.length],
        desired_outcomes: [OUTCOMES[i % OUTCOMES.length], ...(i % 3 === 0 ? [OUTCOMES[(i + 2) % OUTCOMES.length]] : [])],
      });
      expect(res.status).toBe(201);
      seeds.push([email, (i * 7) % 29]);
    }
    const target = await post({
      email: TARGET,
      role: 'Product Manager',
      company_size: '1000+ employees',
      desired_outcomes: ['Reuse insights', 'Other'],
      other_outcome: FORMULA,
    });
    expect(target.status).toBe(201);
    await backdate(server, seeds);

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1360, height: 900 }, acceptDownloads: true });
    ({ page, problems } = await openPage(context));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const expectAxeClean = async () => expect(await axeViolations(page)).toEqual([]);
  const table = () => page.getByRole('table', { name: /Sign-ups/ });
  const bodyRows = () => table().locator('tbody tr');

  it('keeps the console out of the public pages', async () => {
    for (const route of ['/', '/about', '/privacy']) {
      const html = await (await fetch(`${server.url}${route}`)).text();
      expect(html).not.toMatch(/admin|dashboard-page/);
      const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const js = await (await fetch(`${server.url}${script}`)).text();
        expect(js, script).not.toContain('Waitlist console');
        expect(js, script).not.toContain('/api/admin');
      }
    }
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain('/admin');
    const admin = await fetch(`${server.url}/admin`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('noindex');
  });

  it('signs in with the account the CLI created', async () => {
    await page.goto(`${server.url}/admin`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await expectAxeClean();
    await screenshot(page, `admin-sign-in-${dialect}`);

    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not correct');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign-ups', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => bodyRows().count()).toBe(25);
    expect(await page.getByText(`${NAMES.length + 1} sign-ups in total`).isVisible()).toBe(true);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'admin_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  });

  it('shows the table with counts and paging, keyboard-usable and axe-clean', async () => {
    await expectAxeClean();
    await screenshot(page, `admin-signups-${dialect}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText(`Showing 26–${NAMES.length + 1} of ${NAMES.length + 1}`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => page.getByText(`Showing 1–25 of ${NAMES.length + 1}`).isVisible()).toBe(true);
    // Sorting by e-mail from the keyboard.
    await page.getByRole('button', { name: /^E-mail/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => bodyRows().first().getByRole('link').first().textContent()).toBe('ada.lovelace@example.com');
    expect(await page.getByRole('columnheader', { name: /E-mail/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('groups the screens by job in one column that fits a 1280 px screen, each on one line', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      const nav = page.getByRole('navigation', { name: 'Console' });
      const groups = await nav.getByRole('list').evaluateAll((lists) => lists.map((l) => l.getAttribute('aria-labelledby')));
      expect(groups.length).toBeGreaterThanOrEqual(4);
      const links = await nav.getByRole('link').evaluateAll((anchors) =>
        anchors.map((a) => {
          const box = a.getBoundingClientRect();
          const text = document.createRange();
          text.selectNodeContents(a);
          return { text: a.textContent, left: box.left, bottom: box.bottom, lines: text.getClientRects().length };
        }),
      );
      expect(links.map((l) => l.text)).toEqual(
        expect.arrayContaining([
          'Sign-ups',
          'Companies',
          'Waves and short list',
          'Partner codes',
          'Outbox',
          'Team',
          'Audit',
          'Security',
          'Notifications',
        ]),
      );
      for (const link of links) expect(link, String(link.text)).toMatchObject({ left: links[0]!.left, lines: 1 });
      expect(Math.max(...links.map((l) => l.bottom))).toBeLessThanOrEqual(800);
      await expectAxeClean();
    } finally {
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });

  it('finds a sign-up by part of its e-mail, then narrows with a filter', async () => {
    await page.getByLabel('Search e-mail').fill('HOPPER');
    await expect.poll(() => bodyRows().count()).toBe(1);
    expect(await bodyRows().first().textContent()).toContain(TARGET);
    expect(await page.getByText('1 sign-up match the filters').isVisible()).toBe(true);

    await page.getByLabel('Search e-mail').fill('');
    await page.getByLabel('Role').selectOption('Product Manager');
    await expect.poll(async () => (await bodyRows().allTextContents()).every((t) => t.includes('Product Manager'))).toBe(true);
    const productManagers = NAMES.filter((_, i) => ROLES[i % ROLES.length] === 'Product Manager').length + 1;
    await expect.poll(() => bodyRows().count()).toBe(productManagers);

    await page.getByLabel('Desired outcome').selectOption('Other');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => bodyRows().count()).toBe(25);
  });

  it('exports the filtered list as a CSV a spreadsheet opens safely', async () => {
    await page.getByLabel('Search e-mail').fill('navy');
    await expect.poll(() => bodyRows().count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^waitlist-signups-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(downloadsDir, download.suggestedFilename());
    await download.saveAs(file);
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'id,email,role,company_size,desired_outcomes,other_outcome,created_at,consented_at,privacy_policy_version,status,confirmed_at,marketing_opt_out_at,company_domain,free_mail,utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_origin,landing_path,partner_code,flags,wave,invited_at,accepted_at,redeemed_at,fit_score,fit_reasons,meeting_at,answers',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${TARGET},Product Manager,1000+ employees,Reuse insights; Other,`);
    // The formula cell starts with a quote mark, so no spreadsheet evaluates it.
    expect(lines[1]).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(lines[1]).not.toMatch(/,=cmd/);
  });

  it('opens a person, downloads their data as JSON, and corrects a field', async () => {
    await page.getByRole('link', { name: TARGET }).click();
    await expect.poll(() => page.getByRole('heading', { name: TARGET, level: 1 }).isVisible()).toBe(true);
    await expectAxeClean();
    // The operator sees which language to write in (a sign-up through the API without a locale is English).
    expect(await page.locator('dt', { hasText: 'Language of their mails' }).locator('xpath=following-sibling::dd').textContent()).toBe(
      'English',
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download this person’s data/ }).click(),
    ]);
    const file = path.join(downloadsDir, download.suggestedFilename());
    await download.saveAs(file);
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(data).toMatchObject({
      email: TARGET,
      role: 'Product Manager',
      other_outcome: FORMULA,
      desired_outcomes: ['Reuse insights', 'Other'],
    });

    await page.getByRole('button', { name: 'Correct' }).click();
    await page.getByLabel('Role').selectOption('Strategy Lead / Transformation Manager');
    await page.getByLabel('Other outcome').fill('A portfolio view');
    await expectAxeClean();
    await page.getByRole('button', { name: 'Save correction' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The correction was saved.');
    await screenshot(page, `admin-person-${dialect}`);
    // The role shows as corrected (and the fit's reasons name it too).
    expect(
      await page
        .locator('dt', { hasText: /^Role$/ })
        .locator('xpath=following-sibling::dd')
        .textContent(),
    ).toBe('Strategy Lead / Transformation Manager');
    const rows = await server.query<{ role: string; other_outcome: string }>(
      `SELECT role, other_outcome FROM waitlist_signups WHERE email = '${TARGET}'`,
    );
    expect(rows).toEqual([{ role: 'Strategy Lead / Transformation Manager', other_outcome: 'A portfolio view' }]);
  });

  it('erases the person only after the confirm dialog', async () => {
    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this sign-up?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAxeClean();
    await screenshot(page, `admin-erase-dialog-${dialect}`);
    // Escape cancels: nothing is erased.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await server.query(`SELECT id FROM waitlist_signups WHERE email = '${TARGET}'`)).toHaveLength(1);

    await page.getByRole('button', { name: 'Erase…' }).click();
    await dialog.getByRole('button', { name: 'Erase permanently' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('was erased');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign-ups', level: 1 }).isVisible()).toBe(true);
    expect(await server.query(`SELECT id FROM waitlist_signups WHERE email = '${TARGET}'`)).toEqual([]);
    const audit = await server.query<{ action: string; detail: string | null; signup_id: number | null }>(
      "SELECT action, detail, signup_id FROM audit_trail WHERE action LIKE 'signup%' ORDER BY id",
    );
    // The changes and exports in order; between them, every page of the list and the person page the console read.
    expect(audit.map((a) => a.action).filter((a) => !a.endsWith('.read'))).toEqual([
      'signups.export',
      'signup.export',
      'signup.correct',
      'signup.erase',
    ]);
    const erasedId = audit.find((a) => a.action === 'signup.erase')!.signup_id;
    expect(audit.filter((a) => a.action === 'signup.read' && a.signup_id === erasedId).length).toBeGreaterThan(0);
    expect(audit.filter((a) => a.action === 'signups.read').length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('hopper');
    await page.getByLabel('Search e-mail').fill('hopper');
    await expect.poll(() => page.getByText('No sign-ups match').isVisible()).toBe(true);
    await expectAxeClean();
    await page.getByLabel('Search e-mail').fill('');
  });

  it('shows the dashboard with charts per day, role, company size, outcome and fit score', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.recharts-surface').count()).toBe(5);
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(5);
    for (const title of [
      'Sign-ups per day',
      'Sign-ups by role',
      'Sign-ups by company size',
      'Sign-ups by desired outcome',
      'Sign-ups by fit score',
    ]) {
      expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    // The person erased above still counts: dashboard figures survive erasure (kept as counts, without the person).
    expect(await page.locator('.stat-value').first().textContent()).toBe(String(NAMES.length + 1));
    await expectAxeClean();
    await screenshot(page, `admin-dashboard-${dialect}`);
  });

  it('reviews the sign-ups a script sent (no proof of work) and erases a selection after the confirm dialog', async () => {
    await page.getByRole('link', { name: 'Sign-ups' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign-ups', level: 1 }).isVisible()).toBe(true);
    // The seeds came through the API without a solved challenge, back to back from one address.
    await page.getByLabel('Search e-mail').fill('');
    await page.getByLabel('Review').selectOption('no-proof-of-work');
    await expect.poll(() => bodyRows().count()).toBe(25);
    expect(await bodyRows().first().textContent()).toContain('No proof of work');
    await page.getByLabel('Review').selectOption('burst');
    await expect.poll(async () => (await bodyRows().allTextContents()).every((t) => t.includes('Burst from one network'))).toBe(true);
    const [first, second] = (await bodyRows().getByRole('link').allTextContents()).slice(0, 2);
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const before = (await server.query<{ n: number }>('SELECT count(*) AS n FROM waitlist_signups'))[0]!.n;
    await page.getByRole('button', { name: 'Erase selected…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase 2 sign-ups?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAxeClean();
    await dialog.getByRole('button', { name: 'Erase permanently' }).click();
    await expect.poll(() => page.getByText('2 sign-ups erased.').isVisible()).toBe(true);
    expect(Number((await server.query<{ n: number }>('SELECT count(*) AS n FROM waitlist_signups'))[0]!.n)).toBe(Number(before) - 2);
    expect(
      await server.query('SELECT id FROM waitlist_signups WHERE email IN ($1, $2)'.replace(/\$\d/g, dialect === 'sqlite' ? '?' : '$&'), [
        first,
        second,
      ]),
    ).toEqual([]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('signs out: the session is revoked on the server', async () => {
    const before = (await context.cookies()).find((c) => c.name === 'admin_session')!;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    // The notice a person reads on the sign-in form (it shows once the address is the list's, a moment after the form).
    await page.getByText('You are signed out.').waitFor();

    const res = await fetch(`${server.url}/api/admin/signups`, { headers: { cookie: `admin_session=${before.value}` } });
    expect(res.status).toBe(401);
  });

  it('logged no CSP violation, no page error, and no e-mail address or password', () => {
    expect(problems.cspViolations).toEqual([]);
    expect(problems.errors.filter((e) => !ignorable(e))).toEqual([]);
    const logs = server.logs();
    expect(logs).toContain('admin signed in');
    for (const secret of [OPERATOR, PASSWORD, TARGET, 'hopper', 'navy']) expect(logs, secret).not.toContain(secret);
  });
});
