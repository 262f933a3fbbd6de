import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminBackupStatus } from '@waitlist/contract';
import { useTestApp } from '../test/app';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../test/console';
import { pgConnection } from '../db/snapshots';
import { openDatabase } from '../db/connection';
import { ledgerHash } from '../io/erasure-ledger';
import { validSignup } from '../test/fixtures';
import { listBackups, pruneBackups, restoreBackup, takeBackup } from './backups';
import { ERASURE_LEDGER_KEY } from './index';

/**
 * The server's own backups on SQLite (BACKUP_DIR): one is taken once the server is ready, with its manifest and sum, the
 * console shows it; a failing one is logged, counted in /metrics and shown in the console.
 */
const METRICS_TOKEN = 'backup-metrics-token-0123456789';

describe('scheduled backups on sqlite', () => {
  // eslint-disable-next-line no-restricted-syntax -- one dialect on purpose: the server takes its own backups of SQLite only (PostgreSQL has its own tools: docs/deployment.md)
  const suite = useTestApp('sqlite', { ...ADMIN_TEST_ENV, METRICS_TOKEN });

  it('takes one when the server is ready and shows it; a failure is counted and shown', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-scheduled-'));
    const app = await suite.makeApp({ BACKUP_DIR: dir, BACKUP_KEEP: '2', METRICS_TOKEN });
    await app.ready();
    await expect.poll(() => fs.readdirSync(dir).filter((f) => f.endsWith('.sqlite.gz')).length, { timeout: 10_000 }).toBe(1);
    const names = fs.readdirSync(dir).sort();
    expect(names.some((n) => n.endsWith('.sqlite.gz.json'))).toBe(true);
    expect(names.some((n) => n.endsWith('.sqlite.gz.sha256'))).toBe(true);
    // Every person's data: the directory and each file are the server's user's only.
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of names) expect({ name, mode: fs.statSync(path.join(dir, name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });
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
    // The details (paths, the tool's words) are for owners; a viewer sees that it failed, and when.
    await addOperator(app, 'backup-viewer@acme.example', undefined, 'viewer');
    const viewerCookie = await signIn(app, 'backup-viewer@acme.example');
    const seen = (await failing.inject({ url: '/api/admin/backups', headers: { cookie: viewerCookie } })).json<AdminBackupStatus>();
    expect(seen.last_failure?.at).toBe(failed.last_failure?.at);
    expect(seen.last_failure?.error).not.toMatch(/not-a-directory|ENOTDIR|EEXIST|\//);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('a backup cut short', () => {
  // eslint-disable-next-line no-restricted-syntax -- one dialect on purpose: the server takes its own backups of SQLite only (PostgreSQL has its own tools: docs/deployment.md)
  const suite = useTestApp('sqlite', ADMIN_TEST_ENV);

  it('is never listed, never kept in place of a complete one, and its leftovers go once a day old', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-prune-'));
    const at = (iso: string) => () => new Date(iso);
    const database = suite.app.database;
    const taken = [];
    for (const iso of ['2026-11-20T03:00:00Z', '2026-11-21T03:00:00Z', '2026-11-22T03:00:00Z']) {
      taken.push((await takeBackup(database, { outDir: dir, databaseUrl: undefined, now: at(iso) })).manifest.file);
    }
    // Newer than all of them, cut short: one of the old code's (its own name, no manifest), one of this code's (still
    // .partial, manifest written) and SQLite's raw copy.
    const cut = 'waitlist-20261123T030000Z.sqlite.gz';
    const later = 'waitlist-20261124T030000Z.sqlite.gz';
    for (const name of [cut, `${later}.partial`, `${later}.json`, `${later}.partial.partial.sqlite`])
      fs.writeFileSync(path.join(dir, name), 'x');
    expect((await listBackups(dir)).map((m) => m.file)).toEqual([...taken].reverse());

    // Keep 2: the two newest complete ones stay, the leftovers too while they may belong to a backup under way.
    expect(await pruneBackups(dir, 2)).toBe(1);
    const remaining = () => fs.readdirSync(dir).sort();
    expect(remaining()).toEqual(
      [
        ...taken.slice(1).flatMap((f) => [f, `${f}.json`, `${f}.sha256`]),
        cut,
        `${later}.json`,
        `${later}.partial`,
        `${later}.partial.partial.sqlite`,
      ].sort(),
    );
    // A day later they are gone; the complete backups are not.
    expect(await pruneBackups(dir, 2, Date.now() + 25 * 3_600_000)).toBe(0);
    expect(remaining()).toEqual(
      taken
        .slice(1)
        .flatMap((f) => [f, `${f}.json`, `${f}.sha256`])
        .sort(),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('honours an erasure that committed after the snapshot began though its time is earlier, and only for the row it names', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-overlap-'));
    const ledgerFile = path.join(dir, 'erasure-ledger.jsonl');
    const { database, services, stores } = suite.app;
    const [late, stale] = ['late-erasure@volvo.example', 'stale-entry@volvo.example'];
    for (const email of [late, stale]) await services.signups.signUp(validSignup({ email }));
    const idOf = async (email: string) => (await stores.signups.idByEmail(database.db, email))!;
    const { manifest, file } = await takeBackup(database, { outDir: dir, databaseUrl: undefined });
    const key = await services.sharedSecrets.read(ERASURE_LEDGER_KEY);
    const at = (ms: number) => new Date(Date.parse(manifest.created_at) + ms).toISOString();
    const entry = (email: string, id: number, when: string) =>
      `${JSON.stringify({ at: when, email: ledgerHash(key, email), signup: ledgerHash(key, String(id)) })}\n`;
    // Began a second before the snapshot, committed after it (the snapshot still holds the person); and an old entry
    // that names this address with another id (someone erased long ago who signed up again): not this row.
    fs.writeFileSync(ledgerFile, entry(late, await idOf(late), at(-1000)) + entry(stale, 999_999, at(-2000)));
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-overlap-restore-'));
    const result = await restoreBackup({ file, dataDir: target, databaseUrl: undefined, ledgerFile, force: false });
    expect(result.erasedAgain).toBe(1);
    const restored = openDatabase({ dataDir: target });
    try {
      const emails = (await restored.db.selectFrom('waitlist_signups').select('email').execute()).map((r) => r.email);
      expect(emails).not.toContain(late);
      expect(emails).toContain(stale);
    } finally {
      await restored.close();
    }
    for (const d of [dir, target]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('deletes nothing outside BACKUP_DIR, whatever a manifest says', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-forged-'));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-outside-'));
    const victim = path.join(outside, 'precious.txt');
    fs.writeFileSync(victim, 'keep me');
    const database = suite.app.database;
    for (const iso of ['2026-11-20T03:00:00Z', '2026-11-21T03:00:00Z']) {
      await takeBackup(database, { outDir: dir, databaseUrl: undefined, now: () => new Date(iso) });
    }
    // The oldest backup's manifest rewritten to name a file elsewhere (absolute, and by ../).
    const [, oldest] = await listBackups(dir);
    const manifestFile = path.join(dir, `${oldest!.file}.json`);
    for (const forged of [victim, path.relative(dir, victim)]) {
      fs.writeFileSync(manifestFile, JSON.stringify({ ...oldest, file: forged }));
      expect((await listBackups(dir)).map((m) => m.file)).not.toContain(forged);
      await pruneBackups(dir, 1);
      expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('leaves nothing under a backup name when the snapshot cannot be written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-cut-'));
    const file = 'waitlist-20261125T030000Z.sqlite.gz';
    // The snapshot's own raw copy is in the way, so VACUUM INTO fails part way.
    fs.mkdirSync(path.join(dir, `${file}.partial.partial.sqlite`));
    await expect(
      takeBackup(suite.app.database, { outDir: dir, databaseUrl: undefined, now: () => new Date('2026-11-25T03:00:00Z') }),
    ).rejects.toThrow();
    expect(fs.readdirSync(dir).filter((name) => name !== `${file}.partial.partial.sqlite`)).toEqual([]);
    expect(await listBackups(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("PostgreSQL's client tools", () => {
  it('get the password in their environment, never on the command line (which /proc shows every local user)', () => {
    const { dbname, env } = pgConnection('postgres://waitlist:s%40cret-pass@db.internal:5432/waitlist?sslmode=require');
    expect(dbname).toBe('--dbname=postgres://waitlist@db.internal:5432/waitlist?sslmode=require');
    expect(dbname).not.toContain('cret');
    expect(env).toEqual({ PGPASSWORD: 's@cret-pass' });
    expect(pgConnection('postgres://postgres@127.0.0.1:5432/x').env).toEqual({});
  });
});
