import http from 'node:http';
import fc from 'fast-check';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { expectedOutcome, jsonBodyRequest, rawRequest, type FuzzRequest } from '../server/src/test/fuzz-bodies';
import { DIALECTS, describe, expect, test } from './support/fixtures';

/**
 * A smaller fuzz batch over real HTTP against the built production server (a child process): the same
 * generators and oracle as server/src/signups/fuzz.test.ts, and the process must still be alive afterwards.
 */
const KEY = 'fuzz-http-key-1234';
const RUNS = 250;

const send = (port: number, request: FuzzRequest) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string | number> = { apikey: KEY, authorization: `Bearer ${KEY}` };
    if (request.contentType !== null) headers['content-type'] = request.contentType;
    const payload = Buffer.from(request.payload);
    if (payload.length > 0 || request.method === 'POST') headers['content-length'] = payload.length;
    const req = http.request(
      { host: '127.0.0.1', port, path: SIGNUPS_PATH, method: request.method, headers, agent: false, timeout: 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(payload.length > 0 ? payload : undefined);
  });

describe.each(DIALECTS)('fuzzing the built server over HTTP on %s', (dialect) => {
  const stored = new Set<string>();
  test.override('serverOptions', { dialect, env: { WAITLIST_PUBLIC_KEY: KEY } });

  test(`${RUNS} generated requests: no 5xx, every error in the documented shape, rows only for valid bodies, process alive`, async ({
    server,
  }) => {
    let sent = 0;
    const arbitrary = fc.oneof(jsonBodyRequest, rawRequest);
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        sent++;
        const res = await send(server.port, request);
        const expected = expectedOutcome(request);
        const context = `${request.kind} ${request.method} ${request.contentType} → ${res.status} ${res.body.slice(0, 200)}`;
        expect(res.status, context).toBeLessThan(500);
        if (expected.outcome === 'maybe-duplicate') {
          expect(res.status, context).toBe(stored.has(expected.email) ? 409 : 201);
          stored.add(expected.email);
        } else if (expected.outcome === 'honeypot') {
          expect(res.status, context).toBe(201);
        } else {
          expect(res.status, context).toBeGreaterThanOrEqual(400);
          if (request.method !== 'HEAD')
            expect(Object.keys(JSON.parse(res.body) as object).sort(), context).toEqual(['code', 'details', 'hint', 'message']);
        }
      }),
      { numRuns: RUNS, seed: 4242 },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    const rows = await server.query<{ email: string }>('SELECT email FROM waitlist_signups');
    expect(new Set(rows.map((r) => r.email))).toEqual(stored);
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(server.logs()).not.toMatch(/"level":50/); // no error-level log line (an unhandled error)
  });
});
