import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { expectApiError, useTestApp } from './test/app';
import { DIALECTS } from './test/databases';
import { apiHeaders, validSignup } from './test/fixtures';

/**
 * Abuse of the public surface over real HTTP on loopback (the app listening in process):
 * rate limit, X-Forwarded-For trust, body size. Slow clients and a connection flood, measured in time, run alone:
 * security.timing.test.ts.
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

  describe('per-IP rate limit', () => {
    it('answers 429 with Retry-After and a readable message in the documented shape once the limit is used up', async () => {
      const { url } = await listen({ SIGNUP_RATE_LIMIT: '3' });
      for (let i = 0; i < 3; i++) expect((await signup(url)).status).toBe(201);
      const res = await signup(url);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      const body: unknown = await res.json();
      expectApiError(body, { code: 'PGRST429' });
      expect(body.message).toMatch(/too many .* try again/i);
      // Invalid bodies count too: the limit is on attempts, not on successes.
      expect((await signup(url, {}, '{"email":')).status).toBe(429);
    });

    it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick its own rate-limit key', async () => {
      const { url } = await listen({ SIGNUP_RATE_LIMIT: '2' });
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await signup(url, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
      expect(codes).toEqual([201, 201, 429, 429, 429]);
    });

    it('honours X-Forwarded-For with TRUST_PROXY=1: each client behind the proxy has its own limit', async () => {
      const { url } = await listen({ SIGNUP_RATE_LIMIT: '2', TRUST_PROXY: '1' });
      const send = (xff: string) => signup(url, { 'x-forwarded-for': xff }).then((r) => r.status);
      expect([await send('198.51.100.1'), await send('198.51.100.1'), await send('198.51.100.1')]).toEqual([201, 201, 429]);
      expect(await send('198.51.100.2')).toBe(201);
      // Only the hop the proxy appended counts: prepending forged addresses does not reset the limit.
      expect(await send('10.9.9.9, 198.51.100.1')).toBe(429);
      expect(await send('10.9.9.8, 198.51.100.1')).toBe(429);
    });

    it('counts an IPv6 client per /64, so stepping through its own addresses buys no fresh limit', async () => {
      const { url } = await listen({ SIGNUP_RATE_LIMIT: '2', TRUST_PROXY: '1' });
      const send = (xff: string) => signup(url, { 'x-forwarded-for': xff }).then((r) => r.status);
      const stepping = ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff:1:2:3', '2001:db8:7:1:abcd::9'];
      expect((await Promise.all(stepping.map(send))).sort()).toEqual([201, 201, 429, 429]);
      expect(await send('2001:db8:7:2::1')).toBe(201); // the next /64 is another subscriber
    });
  });

  describe('body size', () => {
    it('answers 413 in the documented shape for a body over 16 KiB and for a 2 MB body', async () => {
      const { url } = await listen();
      for (const size of [17 * 1024, 2 * 1024 * 1024]) {
        const res = await signup(url, {}, { ...validSignup(), other_outcome: 'x'.repeat(size) });
        expect(res.status).toBe(413);
        expectApiError(await res.json());
      }
    });
  });
});
