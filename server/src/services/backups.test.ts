import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminBackupStatus } from '@waitlist/contract';
import { useTestApp } from '../test/app';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../routes/admin/test-helpers';

/**
 * The server's own backups on SQLite (BACKUP_DIR): one is taken once the server is ready, with its manifest and sum, the
 * console shows it; a failing one is logged, counted in /metrics and shown in the console.
 */
const METRICS_TOKEN = 'backup-metrics-token-0123456789';

describe('scheduled backups on sqlite', () => {
  const suite = useTestApp('sqlite', { ...ADMIN_TEST_ENV, METRICS_TOKEN });

  it('takes one when the server is ready and shows it; a failure is counted and shown', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-scheduled-'));
    const app = await suite.makeApp({ BACKUP_DIR: dir, BACKUP_KEEP: '2', METRICS_TOKEN });
    await app.ready();
    await expect.poll(() => fs.readdirSync(dir).filter((f) => f.endsWith('.sqlite.gz')).length, { timeout: 10_000 }).toBe(1);
    const names = fs.readdirSync(dir).sort();
    expect(names.some((n) => n.endsWith('.sqlite.gz.json'))).toBe(true);
    expect(names.some((n) => n.endsWith('.sqlite.gz.sha256'))).toBe(true);
    await addOperator(app, 'backup-owner@acme.example');
    const cookie = await signIn(app, 'backup-owner@acme.example');
    const status = (await app.inject({ url: '/api/admin/backups', headers: { cookie } })).json<AdminBackupStatus>();
    expect(status).toMatchObject({ scheduled: true, every_hours: 24, keep: 2, last_failure: null });
    expect(status.latest?.file).toMatch(/^waitlist-\d{8}T\d{6}Z\.sqlite\.gz$/);

    // A BACKUP_DIR that cannot be written: the failure is logged, counted and shown.
    const blocked = path.join(dir, 'not-a-directory');
    fs.writeFileSync(blocked, 'x');
    const failing = await suite.makeApp({ BACKUP_DIR: blocked, METRICS_TOKEN });
    await failing.ready();
    await expect
      .poll(async () => (await failing.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body, {
        timeout: 10_000,
      })
      .toMatch(/waitlist_backups_total\{outcome="failed"\} 1/);
    const failed = (await failing.inject({ url: '/api/admin/backups', headers: { cookie } })).json<AdminBackupStatus>();
    expect(failed.last_failure?.error).toMatch(/not-a-directory|ENOTDIR|EEXIST/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
