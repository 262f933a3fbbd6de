import { solveChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_PATH, SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { useTestApp } from '../../test/app';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { solvedChallenge } from '../../test/proof-of-work';
import { apiHeaders, validSignup } from '../../test/fixtures';

/**
 * The mail budget under a flood, with a real SMTP server: sign-ups without proof of work are all stored and answered,
 * but their confirmations leave at the budget's pace; sign-ups whose script solved the challenge get theirs at once.
 */
const BUDGET = 30;
const FLOOD = 200;

describe.each(DIALECTS)('the mail budget for sign-ups without proof of work on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    SITE_URL: 'https://waitlist.example.se',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: String(BUDGET),
    SIGNUP_RATE_LIMIT: '5',
  }));

  const solved = () => solvedChallenge(suite.app);

  it(`a flood of ${FLOOD} from ${FLOOD} addresses is stored, ${BUDGET} confirmations leave; 5 solved sign-ups get theirs at once`, async () => {
    const flood = Array.from({ length: FLOOD }, (_, i) => validSignup({ email: `flood-${dialect}-${i}@example.com` }));
    const verified = Array.from({ length: 5 }, (_, i) => validSignup({ email: `person-${dialect}-${i}@example.com` }));
    const proofs = await Promise.all(verified.map(() => solved()));
    const send = (body: object, i: number) =>
      suite.app.inject({
        method: 'POST',
        url: SIGNUPS_PATH,
        remoteAddress: `10.${Math.floor(i / 250)}.${i % 250}.7`,
        headers: apiHeaders(),
        payload: body,
      });

    const started = performance.now();
    const answers = await Promise.all([
      ...flood.map((body, i) => send(body, i)),
      ...verified.map((body, i) => send({ ...body, altcha: proofs[i] }, 1000 + i)),
    ]);
    expect(answers.map((a) => a.statusCode).every((s) => s === 201)).toBe(true);
    const stored = await suite.app.database.db.selectFrom('waitlist_signups').select('email').execute();
    expect(stored).toHaveLength(FLOOD + 5);

    // The five who solved the challenge get their mail at once, whatever the flood.
    for (const person of verified) await smtp.nextMailTo(person.email, { timeoutMs: 15_000 });
    const verifiedMs = performance.now() - started;
    // The flood's confirmations leave up to the budget, then wait.
    await expect
      .poll(() => smtp.mails.filter((m) => m.recipients.some((r) => r.startsWith('flood-'))).length, { timeout: 15_000 })
      .toBe(BUDGET);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.mails.filter((m) => m.recipients.some((r) => r.startsWith('flood-')))).toHaveLength(BUDGET);

    // The console says how many wait and why; none is dropped.
    const status = await suite.app.services.mailBudget.status();
    expect(status).toEqual({ held: FLOOD - BUDGET, perHour: BUDGET });
    const pending = await suite.app.database.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'mail')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(FLOOD - BUDGET);
    console.info(
      `[mail budget on ${dialect}] ${FLOOD} unverified + 5 solved sign-ups: solved mails out in ${verifiedMs.toFixed(0)} ms; ${BUDGET} of ${FLOOD} unverified sent, ${status.held} held`,
    );

    // A solution counts once: the same one again is a sign-up without proof (its mail waits).
    const replay = await send({ ...validSignup({ email: `replay-${dialect}@example.com` }), altcha: proofs[0] }, 2000);
    expect(replay.statusCode).toBe(201);
    expect((await suite.app.services.mailBudget.status()).held).toBe(FLOOD - BUDGET + 1);
  }, 120_000);

  it('frees held mail as the budget refills: one every 2 minutes at 30 an hour, oldest first', async () => {
    const before = (await suite.app.services.mailBudget.status()).held;
    expect(before).toBeGreaterThan(0);
    const later = new Date(Date.now() + 2 * 60 * 1000 + 1000);
    expect(await suite.app.services.mailBudget.release(later)).toBe(1);
    expect(await suite.app.services.mailBudget.release(later)).toBe(0);
    // A copy whose clock is behind (here: the delivery worker, releasing at the real time) cannot turn the bucket's
    // time back, so the same two minutes are never refilled twice.
    expect(await suite.app.services.mailBudget.release(new Date())).toBe(0);
    expect(await suite.app.services.mailBudget.release(later)).toBe(0);
    expect((await suite.app.services.mailBudget.status()).held).toBe(before - 1);
  });
});

describe.each(DIALECTS)('proof-of-work challenges on %s', (dialect) => {
  const suite = useTestApp(dialect, () => ({ ALTCHA_MAX_NUMBER: '1000' }));

  it('are signed, expire after 10 minutes, never cached; a tampered or reused solution does not count; every copy shares the key', async () => {
    const res = await suite.app.inject({ method: 'GET', url: CHALLENGE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const c = res.json<{ algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string }>();
    expect(c.maxnumber).toBe(1000);
    const expires = Number(new URLSearchParams(c.salt.split('?')[1]).get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const payload = (number: number, signature = c.signature) =>
      btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature }));
    const pow = suite.app.services.proofOfWork;
    expect(await pow.verify(payload(solution!.number + 1))).toBe(false);
    expect(await pow.verify(payload(solution!.number, 'f'.repeat(64)))).toBe(false);
    expect(await pow.verify('not base64 json')).toBe(false);
    expect(await pow.verify(payload(solution!.number))).toBe(true);
    expect(await pow.verify(payload(solution!.number))).toBe(false);
    // Every copy signs with the same key, kept in the database: another app on this database accepts its challenges.
    const other = await suite.makeApp({ ALTCHA_MAX_NUMBER: '1000' });
    const c2 = (await other.inject({ method: 'GET', url: CHALLENGE_PATH })).json<typeof c>();
    const s2 = await solveChallenge(c2.challenge, c2.salt, c2.algorithm, c2.maxnumber).promise;
    const p2 = btoa(
      JSON.stringify({ algorithm: c2.algorithm, challenge: c2.challenge, number: s2!.number, salt: c2.salt, signature: c2.signature }),
    );
    expect(await pow.verify(p2)).toBe(true);
  });
});
