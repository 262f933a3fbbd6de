import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/app';
import { createTestDatabase } from '../test/databases';
import { runBackupCli, runRestoreCli } from './backup';

/**
 * Issue 38 item 4: `npm run backup` and `npm run restore` show their progress on a terminal (bytes done of bytes,
 * rate, time left) and print only their result otherwise (a pipe, cron, a log).
 */
describe('backup and restore on the command line', () => {
  // eslint-disable-next-line no-restricted-syntax -- one dialect on purpose: bytes done of a known total exist on SQLite (its file is gzipped by us); pg_dump and pg_restore only say how much so far
  const suite = useTestDatabase('sqlite');
  const io = (terminal: boolean) => {
    const stdout = new PassThrough();
    const stderr = Object.assign(new PassThrough(), { isTTY: terminal });
    const seen = { out: '', err: '' };
    stdout.on('data', (c: Buffer) => (seen.out += c.toString()));
    stderr.on('data', (c: Buffer) => (seen.err += c.toString()));
    return { io: { stdout, stderr }, seen };
  };

  it('shows progress on a terminal and stays quiet otherwise', async () => {
    const out = path.join(suite.testDb.dataDir, 'backups');
    const env = { DATA_DIR: suite.testDb.dataDir, ERASURE_LEDGER: path.join(suite.testDb.dataDir, 'ledger.jsonl') };

    const quiet = io(false);
    expect(await runBackupCli(['--out', out], env, quiet.io)).toBe(0);
    expect(quiet.seen.err).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // backups are named by the second

    const shown = io(true);
    expect(await runBackupCli(['--out', out], env, shown.io), shown.seen.err).toBe(0);
    expect(shown.seen.err).toMatch(/Backing up: [\d.]+ MB of [\d.]+ MB \(100 %\), [\d.]+ MB\/s, done\n$/);
    const file = shown.seen.out.trim().split('\n').at(-1)!;
    expect(fs.existsSync(file)).toBe(true);

    const target = await createTestDatabase('sqlite');
    try {
      const restoring = io(true);
      const code = await runRestoreCli([file], { DATA_DIR: target.dataDir, ERASURE_LEDGER: env.ERASURE_LEDGER }, restoring.io);
      expect(code, restoring.seen.err).toBe(0);
      expect(restoring.seen.err).toMatch(/Restoring: [\d.]+ MB of [\d.]+ MB \(100 %\), [\d.]+ MB\/s, done\n$/);
      expect(restoring.seen.out).toMatch(/^Restored the backup of /);
    } finally {
      await target.drop();
    }
  });
});
