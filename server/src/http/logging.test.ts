import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { testEnv } from '../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../test/console';
import { clientTag, loggerOptions } from './logging';

describe('what the log says about a client', () => {
  let testDb: TestDatabase;
  let app: App;
  const lines: string[] = [];
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('never holds its address at the default level (not the socket’s, not X-Forwarded-For), only a tag that changes daily', async () => {
    testDb = await createTestDatabase('sqlite');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ env: testEnv(testDb, { TRUST_PROXY: 'true' }), logger: { ...(loggerOptions('info') as object), stream } });
    for (const url of ['/healthz', '/no-such-page', '/rest/v1/waitlist_signups']) {
      await app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '198.51.100.77, 203.0.113.9' }, remoteAddress: '192.0.2.61' });
    }
    const log = lines.join('');
    expect(log).toContain('"client":"');
    for (const address of ['198.51.100.77', '203.0.113.9', '192.0.2.61']) expect(log).not.toContain(address);
  });

  it('tags one address the same through a day, differently on the next, and never as itself', () => {
    const day = new Date('2026-11-25T10:00:00Z');
    const tag = clientTag('198.51.100.77', day);
    expect(clientTag('198.51.100.77', new Date('2026-11-25T23:59:00Z'))).toBe(tag);
    expect(clientTag('198.51.100.78', day)).not.toBe(tag);
    expect(clientTag('198.51.100.77', new Date('2026-11-26T00:01:00Z'))).not.toBe(tag);
    expect(tag).not.toContain('198');
  });

  it('never holds the address an owner looks up on the suppression list, by GET or by POST, even at debug level (third review, item 7)', async () => {
    const db = await createTestDatabase('sqlite');
    const seen: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        seen.push(chunk.toString());
        done();
      },
    });
    const owner = await buildApp({ env: testEnv(db, ADMIN_TEST_ENV), logger: { ...(loggerOptions('debug') as object), stream } });
    try {
      await addOperator(owner, 'founder@acme.example');
      const cookie = await signIn(owner, 'founder@acme.example');
      const headers = { cookie, origin: 'http://localhost:80', host: 'localhost:80' };
      const address = 'looked.up-person@volvo.example';
      const byGet = await owner.inject({ method: 'GET', url: `/api/admin/suppressions?email=${encodeURIComponent(address)}`, headers });
      expect(byGet.statusCode, byGet.body).toBe(200);
      const byPost = await owner.inject({ method: 'POST', url: '/api/admin/suppressions/lookup', headers, payload: { email: address } });
      expect(byPost.statusCode, byPost.body).toBe(200);
      expect(byPost.json()).toEqual(byGet.json());
      // A malformed one is refused in words that do not repeat it.
      const bad = await owner.inject({
        method: 'POST',
        url: '/api/admin/suppressions/lookup',
        headers,
        payload: { email: address, extra: 1 },
      });
      expect(bad.statusCode).toBe(400);
      const log = seen.join('');
      expect(log).toContain('/api/admin/suppressions/lookup');
      for (const piece of [address, encodeURIComponent(address), 'looked.up-person']) expect(log).not.toContain(piece);
    } finally {
      await owner.close();
      await db.drop();
    }
  });
});
