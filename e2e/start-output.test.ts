import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

/**
 * What `npm start` prints (issue 38 item 3), from the built server: when its output is not a terminal (a pipe, a
 * service manager) it is JSON, one object a line, and the greeting for people stays out; LOG_FORMAT=pretty (what a
 * terminal gets outside production) gives pino-pretty's readable lines instead. The greeting's words are tested in
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
    const text = server.logs().replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at/m);
    expect(text).not.toMatch(/^\{"level"/m);
  });
});
