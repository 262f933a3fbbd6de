import { SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS, describe, expect, test } from './support/fixtures';

/** 200 concurrent sign-ups over real HTTP against the built server: 20 e-mails × 10 spellings each. */
const KEY = 'race-test-key-1234';
const EMAILS = 20;
const SPELLINGS = 10;

const spelling = (email: string, i: number) => {
  const mixed = [...email].map((c, j) => ((i + j) % (i % 3 === 0 ? 2 : 3) === 0 ? c.toUpperCase() : c)).join('');
  const pad = ['', ' ', '  ', '\t', ' \n'][i % 5]!;
  return i % 2 === 0 ? `${pad}${mixed}` : `${mixed}${pad}`;
};

describe.each(DIALECTS)('concurrent sign-ups on %s', (dialect) => {
  test.override('serverOptions', { dialect, env: { WAITLIST_PUBLIC_KEY: KEY } });

  test(`${EMAILS * SPELLINGS} concurrent sign-ups over ${EMAILS} e-mails give exactly ${EMAILS} rows and one 201 per e-mail`, async ({
    server,
  }) => {
    const run = Date.now().toString(36);
    const emails = Array.from({ length: EMAILS }, (_, i) => `racer-${i}-${run}@example.com`);
    const attempts = emails.flatMap((email) => Array.from({ length: SPELLINGS }, (_, i) => ({ email, sent: spelling(email, i) })));
    // Interleave so that the spellings of one e-mail are spread across the burst.
    attempts.sort((a, b) => ((a.sent.length * 31 + a.sent.charCodeAt(1)) % 17) - ((b.sent.length * 31 + b.sent.charCodeAt(1)) % 17));

    const results = await Promise.all(
      attempts.map(async ({ email, sent }) => {
        const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
          method: 'POST',
          headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: sent,
            role: 'Other',
            company_size: '1-10 employees',
            desired_outcomes: ['Other'],
            other_outcome: 'race',
          }),
          signal: AbortSignal.timeout(30_000),
        });
        return { email, status: res.status, body: await res.text() };
      }),
    );

    expect(results).toHaveLength(EMAILS * SPELLINGS);
    for (const email of emails) {
      const mine = results.filter((r) => r.email === email);
      expect(
        mine.filter((r) => r.status === 201),
        email,
      ).toHaveLength(1);
      expect(
        mine.filter((r) => r.status === 409),
        email,
      ).toHaveLength(SPELLINGS - 1);
    }
    for (const r of results.filter((x) => x.status === 409)) expect(JSON.parse(r.body).code).toBe('23505');

    const rows = await server.query<{ email: string }>('SELECT email FROM waitlist_signups ORDER BY email');
    expect(rows.map((r) => r.email)).toEqual([...emails].sort());
    expect(server.process.exitCode).toBeNull();
  });
});
