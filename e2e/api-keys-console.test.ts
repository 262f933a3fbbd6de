import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openPage, screenshot } from './support/browser';
import { addOperator, signInToConsole } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * Scoped API keys in the console, in Chromium against the built server (issue 37 item 5): an owner makes a key for an
 * integration with the keyboard, copies it from the one screen that shows it, sees the keys set in the environment,
 * the integration reads the list with it and is refused the metrics, the key's "last used" shows, and the owner revokes
 * it. axe finds nothing.
 */
const METRICS_TOKEN = 'metrics-token-for-the-console-test-0123';

describe('API keys in the console', () => {
  const suite = useServerWithMail({ env: { METRICS_TOKEN } });
  beforeAll(async () => {
    await addOperator(suite.server);
  });

  it('makes a key shown once, which reads the list and nothing else, then revokes it', async () => {
    const { server, browser } = suite;
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page } = await openPage(context);
    await signInToConsole(page, server.url);
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 2, name: 'API keys' }).waitFor();
    await page.getByText('No key made in the console yet.').waitFor();
    // The environment's keys, by setting, never their values.
    const environment = page.getByRole('table', { name: /Keys set in the server's environment/ });
    await environment.getByRole('row', { name: /METRICS_TOKEN metrics:read/ }).waitFor();
    expect(await page.content()).not.toContain(METRICS_TOKEN);

    // The form, by keyboard: name, then the scope's box with the space bar.
    const form = page.getByRole('form', { name: 'Make a key' });
    await form.getByLabel('Name (who uses it)').fill('HubSpot sync');
    await form.getByRole('checkbox', { name: /signups:read/ }).focus();
    await page.keyboard.press('Space');
    await form.getByRole('button', { name: 'Make the key' }).focus();
    await page.keyboard.press('Enter');
    const shown = form.getByRole('status').locator('code');
    await shown.waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^wlk_[A-Za-z0-9_-]{43}$/);
    await page
      .getByRole('table', { name: /API keys made in the console/ })
      .getByRole('row', { name: /HubSpot sync/ })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-api-keys');

    // The integration: reads the list, is refused the metrics with the scope it lacks.
    const list = await fetch(`${server.url}/api/admin/signups?limit=1`, { headers: { authorization: `Bearer ${key}` } });
    expect(list.status).toBe(200);
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } });
    expect(metrics.status).toBe(403);
    expect(await metrics.json()).toMatchObject({ code: 'insufficient_scope', details: 'metrics:read' });

    // After a reload the key itself is gone from the screen; its last use shows.
    await page.reload();
    const row = page.getByRole('table', { name: /API keys made in the console/ }).getByRole('row', { name: /HubSpot sync/ });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await row.getByRole('cell').nth(4).innerText()).not.toBe('never');

    await row.getByRole('button', { name: 'Revoke “HubSpot sync”' }).click();
    await page.getByRole('dialog', { name: 'Revoke “HubSpot sync”?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('“HubSpot sync” is revoked').waitFor();
    await expect.poll(() => row.getByRole('cell').nth(3).innerText()).toBe('revoked');
    expect((await fetch(`${server.url}/api/admin/signups`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
