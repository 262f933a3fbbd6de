import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../server/src/test/free-port';
import { startServer, type RunningServer } from './support/server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const withoutColours = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

/**
 * What `npm start` prints (issue 38 item 3), from the built server: when its output is not a terminal (a pipe, a
 * service manager) it is JSON, one object a line, and the greeting for people stays out; LOG_FORMAT=pretty (what a
 * terminal gets outside production) gives pino-pretty's readable lines instead, and `npm start` on a terminal gets those
 * with the greeting. The greeting's words are tested in
 * server/src/greeting.test.ts.
 */
describe("the built server's output", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('is JSON lines and no greeting when not on a terminal', async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' } });
    await fetch(`${server.url}/healthz`);
    const lines = server.logs().trim().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(server.logs()).not.toContain('Waitlist site');
  });

  it('is one readable line per event with LOG_FORMAT=pretty', async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' } });
    await fetch(`${server.url}/healthz`);
    // Without its colours (ESC [ … m).
    const text = withoutColours(server.logs());
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at/m);
    expect(text).not.toMatch(/^\{"level"/m);
  });

  it('is, for `npm start` on a terminal, the greeting and then readable lines', async () => {
    // `script` gives the command a terminal of its own, as a founder's shell does (util-linux, on every Debian).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-start-'));
    const port = await freePort();
    // A founder's shell: no settings of the test run (DATABASE_URL, REDIS_URL, SMTP_URL…) leak into the server.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm-256color',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    const child = spawn('script', ['-qfec', 'node scripts/start.mjs', '/dev/null'], { cwd: repoRoot, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => withoutColours(output), { timeout: 30_000 }).toContain('npm run admin -- add you@company.com');
      const text = withoutColours(output);
      expect(text).toContain(`Console           http://127.0.0.1:${port}/admin`);
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at/m);
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: database ready/m);
      expect(text).not.toMatch(/^\{"level"/m);
    } finally {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
