import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startServer } from './support/server';

/**
 * A deploy stops the built server with SIGTERM while a sign-up is still arriving: the server stops taking new
 * connections, finishes the request it has begun (201, stored), closes the database and exits 0.
 */
const KEY = 'shutdown-test-key-1234';

describe.each(['sqlite', 'postgres'] as const)('SIGTERM during a sign-up on %s', (dialect) => {
  it('finishes the sign-up it has begun, refuses new connections, and exits 0', async () => {
    const server = await startServer({ dialect, env: { WAITLIST_PUBLIC_KEY: KEY } });
    try {
      const email = `shutdown-${dialect}@example.com`;
      const body = JSON.stringify({
        email,
        role: 'Project Manager',
        company_size: '51-200 employees',
        desired_outcomes: ['Reuse insights'],
      });
      const socket = net.connect(server.port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', resolve));
      // Headers and half the body now; the rest after SIGTERM.
      const half = Math.floor(body.length / 2);
      socket.write(
        `POST ${SIGNUPS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${KEY}\r\nauthorization: Bearer ${KEY}\r\n` +
          `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, half)}`,
      );
      await new Promise((r) => setTimeout(r, 200));
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
      server.process.kill('SIGTERM');
      await expect.poll(() => server.logs(), { timeout: 5_000 }).toContain('shutting down');

      // A new visitor is no longer taken (the load balancer sends them to another copy).
      const refused = await fetch(`${server.url}/healthz`).then(
        () => 'answered',
        () => 'refused',
      );
      expect(refused).toBe('refused');

      socket.write(body.slice(half));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 201 /);
      expect(await exited).toBe(0);
      const rows = await server.query<{ email: string }>(
        dialect === 'postgres'
          ? 'SELECT email FROM waitlist_signups WHERE email = $1'
          : 'SELECT email FROM waitlist_signups WHERE email = ?',
        [email],
      );
      expect(rows).toEqual([{ email }]);
    } finally {
      await server.stop();
    }
  });
});
