import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH, normalizeEmail } from '@waitlist/contract';
import { expectApiError, useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { TEST_PUBLIC_KEY } from '../../test/fixtures';
import { expectedOutcome, jsonBodyRequest, rawRequest, type FuzzRequest } from '../../test/fuzz-bodies';

/**
 * Property-based fuzzing of the public endpoint, in process (suite.app.inject), on both engines.
 * Per dialect: JSON_RUNS + RAW_RUNS = 2,000 generated requests. A fixed seed keeps CI reproducible;
 * FUZZ_SEED=<n> explores other inputs locally.
 */
const JSON_RUNS = 1400;
const RAW_RUNS = 600;
const SEED = Number(process.env.FUZZ_SEED ?? 20250601);

describe.each(DIALECTS)('fuzzing the public sign-up endpoint on %s', (dialect) => {
  const suite = useTestApp(dialect);
  const stored = new Set<string>();
  let requests = 0;
  const outcomes = { stored: 0, duplicate: 0, honeypot: 0, rejected: 0 };

  const rowCount = () => suite.app.stores.signups.count();

  /** Sends one request and checks status, error shape and the row count against the oracle. */
  const check = async (request: FuzzRequest) => {
    requests++;
    const before = await rowCount();
    const headers: Record<string, string> = { apikey: TEST_PUBLIC_KEY, authorization: `Bearer ${TEST_PUBLIC_KEY}` };
    if (request.contentType !== null) headers['content-type'] = request.contentType;
    const res = await suite.app.inject({
      method: request.method as 'POST',
      url: SIGNUPS_PATH,
      headers,
      ...(request.payload === '' && request.method !== 'POST' ? {} : { payload: request.payload }),
    });
    const after = await rowCount();
    const expected = expectedOutcome(request);
    const context = `${request.kind} ${request.method} ${request.contentType} → ${res.statusCode} ${res.body.slice(0, 200)}`;

    expect(res.statusCode, context).toBeLessThan(500);
    if (expected.outcome === 'maybe-duplicate') {
      const fresh = !stored.has(expected.email);
      expect(res.statusCode, context).toBe(fresh ? 201 : 409);
      expect(after - before, context).toBe(fresh ? 1 : 0);
      stored.add(expected.email);
      outcomes[fresh ? 'stored' : 'duplicate']++;
      return;
    }
    expect(after, context).toBe(before);
    if (expected.outcome === 'honeypot') {
      expect(res.statusCode, context).toBe(201);
      outcomes.honeypot++;
      return;
    }
    outcomes.rejected++;
    expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
    if (request.method !== 'HEAD') expectApiError(res.json(), {}, context);
  };

  it(`answers ${JSON_RUNS} generated JSON bodies with 201/409 exactly when valid, else a 4xx in the documented shape`, async () => {
    await fc.assert(fc.asyncProperty(jsonBodyRequest, check), { numRuns: JSON_RUNS, seed: SEED });
    expect(await rowCount()).toBe(stored.size);
  });

  it(`answers ${RAW_RUNS} truncated/poisoned/deeply nested payloads, other content types and methods with a 4xx`, async () => {
    await fc.assert(fc.asyncProperty(rawRequest, check), { numRuns: RAW_RUNS, seed: SEED + 1 });
    expect(await rowCount()).toBe(stored.size);
  });

  it('stored rows are exactly the valid e-mails, normalised, and the service still answers', async () => {
    expect(requests).toBeGreaterThanOrEqual(JSON_RUNS + RAW_RUNS);
    // The generators must exercise both sides of the oracle, not only rejections.
    expect(outcomes.stored).toBeGreaterThan(300);
    expect(outcomes.duplicate).toBeGreaterThan(50);
    expect(outcomes.rejected).toBeGreaterThan(1000);
    console.info(`[fuzz ${dialect}] ${requests} requests: ${JSON.stringify(outcomes)}`);
    const rows = await suite.app.database.db.selectFrom('waitlist_signups').select('email').execute();
    expect(new Set(rows.map((r) => r.email))).toEqual(stored);
    for (const email of stored) expect(email).toBe(normalizeEmail(email));
    expect((await suite.app.inject('/readyz')).statusCode).toBe(200);
  });
});
