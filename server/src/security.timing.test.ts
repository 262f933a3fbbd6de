import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { useTestApp } from './test/app';
import { DIALECTS } from './test/databases';
import { TEST_PUBLIC_KEY, apiHeaders, validSignup } from './test/fixtures';

/**
 * Abuse of the public surface over real HTTP on loopback (the app listening in process):
 * slow clients and a connection flood, measured in time (the timing project: nothing runs beside it). The rest of the
 * public surface's abuse is security.test.ts.
 */
const HEADERS_TIMEOUT_MS = 800;
const REQUEST_TIMEOUT_MS = 1500;

describe.each(DIALECTS)('abuse of the public endpoint on %s', (dialect) => {
  const suite = useTestApp(dialect, {
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
  /** A listening app on 127.0.0.1 with the suite's database; returns its base URL. */
  const listen = (overrides: Record<string, string> = {}) => suite.listen(overrides);

  const signup = (url: string, headers: Record<string, string> = {}, body: unknown = validSignup()) =>
    fetch(`${url}${SIGNUPS_PATH}`, {
      method: 'POST',
      headers: { ...apiHeaders(), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('slow clients', () => {
    /** Opens a raw socket and resolves with how long the server kept it open and what it answered. */
    const slowClient = (port: number, drip: (socket: net.Socket) => NodeJS.Timeout, limitMs = 10_000) =>
      new Promise<{ ms: number; answer: string }>((resolve, reject) => {
        const started = performance.now();
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        let timer: NodeJS.Timeout | undefined;
        const guard = setTimeout(() => {
          socket.destroy();
          reject(new Error(`the server kept a slow client open for over ${limitMs} ms`));
        }, limitMs);
        socket.on('connect', () => (timer = drip(socket)));
        socket.on('data', (d) => (answer += d.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          clearTimeout(guard);
          resolve({ ms: performance.now() - started, answer });
        });
      });

    it('closes a client that sends its headers one byte at a time (slowloris) once the headers timeout passes', async () => {
      const { port } = await listen();
      const request = `POST ${SIGNUPS_PATH} HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(1000)}\r\n`;
      let i = 0;
      const result = await slowClient(port, (socket) =>
        setInterval(() => {
          if (!socket.destroyed && i < request.length) socket.write(request[i++]!);
        }, 50),
      );
      expect(result.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(result.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2_000);
      expect(i).toBeLessThan(request.length);
      if (result.answer) expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    });

    it('closes a client whose body never completes once the request timeout passes', async () => {
      const { port } = await listen();
      const head = `POST ${SIGNUPS_PATH} HTTP/1.1\r\nHost: x\r\napikey: ${TEST_PUBLIC_KEY}\r\ncontent-type: application/json\r\ncontent-length: 4000\r\n\r\n{"email":`;
      const result = await slowClient(port, (socket) => {
        socket.write(head);
        return setInterval(() => !socket.destroyed && socket.write(' '), 100);
      });
      expect(result.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      expect(result.answer === '' || /^HTTP\/1\.1 (408|400)/.test(result.answer)).toBe(true);
    });

    it('keeps answering other visitors while slow clients hang on', async () => {
      const { port, url } = await listen();
      const sockets = Array.from({ length: 50 }, () => {
        const s = net.connect(port, '127.0.0.1');
        s.on('error', () => undefined);
        s.write(`POST ${SIGNUPS_PATH} HTTP/1.1\r\nHost: x\r\n`);
        return s;
      });
      try {
        const started = performance.now();
        expect((await signup(url)).status).toBe(201);
        expect(performance.now() - started).toBeLessThan(1_000);
      } finally {
        for (const s of sockets) s.destroy();
      }
    });
  });

  it('a flood of 1,000 open connections on loopback does not stop /healthz or sign-ups', async () => {
    const { port, url } = await listen();
    const sockets: net.Socket[] = [];
    try {
      await Promise.all(
        Array.from(
          { length: 1000 },
          () =>
            new Promise<void>((resolve) => {
              const s = net.connect(port, '127.0.0.1', () => resolve());
              s.on('error', () => resolve());
              sockets.push(s);
            }),
        ),
      );
      // Half of them start a request and stall.
      sockets.forEach((s, i) => i % 2 === 0 && !s.destroyed && s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
      const started = performance.now();
      const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      expect(health.status).toBe(200);
      expect((await signup(url)).status).toBe(201);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      for (const s of sockets) s.destroy();
    }
    // The flood's sockets are gone and the server still answers.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
