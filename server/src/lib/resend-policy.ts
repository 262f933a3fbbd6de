/**
 * Whether another confirmation mail may be queued for a person who signs up again before confirming: at most
 * one every 10 minutes and 5 re-sends in any 24 hours, so the public form cannot be used to flood an inbox.
 * The history is the person's earlier confirmation mails in the outbox (their own mail log), so no extra state.
 */

export const RESEND_MIN_INTERVAL_MS = 10 * 60 * 1000;
export const RESEND_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RESENDS_PER_WINDOW = 5;

export interface QueuedConfirmation {
  createdAt: Date;
  /** The first mail of a sign-up does not count against the re-send allowance. */
  resend: boolean;
}

export type ResendDecision = { ok: true } | { ok: false; reason: 'confirmed' | 'too-soon' | 'daily-limit' };

export function mayResendConfirmation(input: { confirmed: boolean; history: readonly QueuedConfirmation[]; now: Date }): ResendDecision {
  if (input.confirmed) return { ok: false, reason: 'confirmed' };
  const now = input.now.getTime();
  const latest = Math.max(-Infinity, ...input.history.map((h) => h.createdAt.getTime()));
  if (now - latest < RESEND_MIN_INTERVAL_MS) return { ok: false, reason: 'too-soon' };
  const recentResends = input.history.filter((h) => h.resend && now - h.createdAt.getTime() < RESEND_WINDOW_MS).length;
  if (recentResends >= RESENDS_PER_WINDOW) return { ok: false, reason: 'daily-limit' };
  return { ok: true };
}
