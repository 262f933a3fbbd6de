import { describe, expect, it } from 'vitest';
import { mayResendConfirmation, type QueuedConfirmation } from '../lib/resend-policy';
import { FIRST_RETRY_MS, GIVE_UP_AFTER_MS, MAX_RETRY_MS, afterFailure, retryDelayMs } from './retry-policy';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('retryDelayMs', () => {
  it('retries first within 30 s, then doubles, capped at one hour', () => {
    const noJitter = () => 0;
    const waits = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1, noJitter));
    expect(waits.slice(0, 8)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, MAX_RETRY_MS]);
    expect(waits.slice(8)).toEqual([MAX_RETRY_MS, MAX_RETRY_MS, MAX_RETRY_MS, MAX_RETRY_MS]);
    expect(retryDelayMs(1_000, noJitter)).toBe(MAX_RETRY_MS);
  });

  it('only ever shortens a wait with jitter, by at most a fifth', () => {
    for (const random of [0, 0.5, 0.999]) {
      const first = retryDelayMs(1, () => random);
      expect(first).toBeLessThanOrEqual(FIRST_RETRY_MS);
      expect(first).toBeGreaterThanOrEqual(FIRST_RETRY_MS * 0.8);
    }
  });
});

describe('afterFailure', () => {
  it('schedules the next attempt from now', () => {
    expect(afterFailure({ failedAttempts: 1, createdAt: T0, now: at(1_000), permanent: false, random: () => 0 })).toEqual({
      kind: 'retry',
      nextAttemptAt: at(31_000),
    });
  });

  it('gives up at once on a permanent refusal', () => {
    expect(afterFailure({ failedAttempts: 1, createdAt: T0, now: at(0), permanent: true })).toEqual({
      kind: 'give-up',
      reason: 'permanent',
    });
  });

  it('makes a last attempt at the 24 h mark and gives up after it', () => {
    const late = afterFailure({ failedAttempts: 30, createdAt: T0, now: at(GIVE_UP_AFTER_MS - 10 * MIN), permanent: false });
    expect(late).toEqual({ kind: 'retry', nextAttemptAt: at(GIVE_UP_AFTER_MS) });
    expect(afterFailure({ failedAttempts: 31, createdAt: T0, now: at(GIVE_UP_AFTER_MS), permanent: false })).toEqual({
      kind: 'give-up',
      reason: 'expired',
    });
  });

  it('keeps retrying through a whole day of SMTP outage, about 30 attempts', () => {
    let now = T0.getTime();
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = afterFailure({ failedAttempts: attempts, createdAt: T0, now: new Date(now), permanent: false, random: () => 0 });
      if (next.kind === 'give-up') break;
      now = next.nextAttemptAt.getTime();
    }
    expect(now - T0.getTime()).toBe(GIVE_UP_AFTER_MS);
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});

describe('mayResendConfirmation', () => {
  const first: QueuedConfirmation = { createdAt: T0, resend: false };

  it('never re-sends to someone who has confirmed', () => {
    expect(mayResendConfirmation({ confirmed: true, history: [first], now: at(HOUR) })).toEqual({ ok: false, reason: 'confirmed' });
  });

  it('waits 10 minutes after the last mail', () => {
    expect(mayResendConfirmation({ confirmed: false, history: [first], now: at(10 * MIN - 1) })).toEqual({
      ok: false,
      reason: 'too-soon',
    });
    expect(mayResendConfirmation({ confirmed: false, history: [first], now: at(10 * MIN) })).toEqual({ ok: true });
  });

  it('allows 5 re-sends in any 24 hours, not counting the first mail', () => {
    const history: QueuedConfirmation[] = [first];
    let now = T0.getTime();
    const outcomes: boolean[] = [];
    for (let i = 0; i < 7; i += 1) {
      now += 11 * MIN;
      const decision = mayResendConfirmation({ confirmed: false, history, now: new Date(now) });
      outcomes.push(decision.ok);
      if (decision.ok) history.push({ createdAt: new Date(now), resend: true });
      else expect(decision).toEqual({ ok: false, reason: 'daily-limit' });
    }
    expect(outcomes).toEqual([true, true, true, true, true, false, false]);
    // A day after the first re-send, one more is allowed again.
    const firstResend = history[1]!.createdAt.getTime();
    expect(mayResendConfirmation({ confirmed: false, history, now: new Date(firstResend + 24 * HOUR) })).toEqual({ ok: true });
  });

  it('allows a send when there is no history at all', () => {
    expect(mayResendConfirmation({ confirmed: false, history: [], now: T0 })).toEqual({ ok: true });
  });
});
