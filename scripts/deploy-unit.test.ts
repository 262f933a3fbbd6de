import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = path.resolve(import.meta.dirname, '../deploy/waitlist.service');

/** The unit as shipped, its node binary pointed at this machine's (verify checks that ExecStart's program exists). */
function unitHere(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-unit-'));
  const file = path.join(dir, 'waitlist.service');
  fs.writeFileSync(file, fs.readFileSync(UNIT, 'utf8').replace(/^ExecStart=\/usr\/local\/bin\/node /m, `ExecStart=${process.execPath} `));
  return file;
}

/**
 * Issue 51 item 3: deploy/waitlist.service is a valid unit and a hardened one, as Debian's systemd judges it without
 * running (systemd-analyze works offline; the machines have systemd 252).
 */
describe('the systemd unit (deploy/waitlist.service)', () => {
  it('passes systemd-analyze verify with nothing to say', () => {
    const result = spawnSync('systemd-analyze', ['verify', unitHere()], { encoding: 'utf8' });
    // verify exits 0 on a misspelt key or a bad value and only prints it: any output is a failure.
    expect({ status: result.status, said: `${result.stdout}${result.stderr}`.trim() }).toEqual({ status: 0, said: '' });
  });

  it('is exposed "OK" at most by systemd-analyze security, and keeps what the server needs', () => {
    const output = execFileSync('systemd-analyze', ['security', '--offline=true', unitHere()], { encoding: 'utf8' });
    const [, score, level] = /Overall exposure level for [^:]+: ([\d.]+) (\w+)/.exec(output) ?? [];
    console.info(`systemd-analyze security: ${score} ${level}`);
    expect(['SAFE', 'OK']).toContain(level);
    const unit = fs.readFileSync(UNIT, 'utf8');
    // Its own user, a read-only system but for the data, backups and ledger, no new privileges, restarted on failure,
    // stopped with SIGTERM (the server's graceful stop), the settings from a file.
    for (const line of [
      'User=waitlist',
      'ProtectSystem=strict',
      'StateDirectory=waitlist',
      'ReadWritePaths=/var/backups/waitlist',
      'NoNewPrivileges=yes',
      'Restart=on-failure',
      'KillSignal=SIGTERM',
      'EnvironmentFile=/etc/waitlist/waitlist.env',
    ])
      expect(unit).toMatch(new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'));
    expect(unit).toMatch(/^Environment=NODE_ENV=production DATA_DIR=\/var\/lib\/waitlist BACKUP_DIR=\/var\/backups\/waitlist$/m);
  });
});
