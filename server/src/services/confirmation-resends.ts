import type { OutboxStore } from '../db/stores/outbox';
import type { SignupStore } from '../db/stores/signups';
import type { Database } from '../db/connection';
import { mayResendConfirmation, type ResendDecision } from '../lib/resend-policy';
import { MAIL_TOPICS, type SignupEvents } from './signup-events';
import type { UseCases } from './use-case';

type ResendAnswer = ResendDecision | { ok: false; reason: 'opted-out' | 'erased' };

export interface ConfirmationResendDeps {
  database: Database;
  stores: { signups: SignupStore; outbox: OutboxStore };
  events: SignupEvents;
  useCases: UseCases;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
}

/**
 * Another confirmation mail for someone on the list who has not confirmed (lib/resend-policy.ts): when they sign up
 * again, or when an operator asks. Deciding and queueing happen in one transaction with the person's row locked, so
 * racing repeats send one mail.
 */
export function createConfirmationResends(deps: ConfirmationResendDeps) {
  const { stores, events, useCases } = deps;
  const now = deps.now ?? (() => new Date());

  /** Queues another confirmation mail within `rules`; an operator's request is recorded as theirs. */
  async function queueResend(
    id: number,
    rules: (input: { confirmed: boolean; history: { createdAt: Date; resend: boolean }[] }) => ResendDecision,
    options: { held?: boolean; operatorId?: number } = {},
  ): Promise<ResendAnswer> {
    return useCases.run(async (change) => {
      const decide = async (): Promise<ResendAnswer> => {
        const row = await stores.signups.lock(change.trx, id);
        if (!row) return { ok: false, reason: 'erased' };
        if (row.marketing_opt_out_at !== null) return { ok: false, reason: 'opted-out' };
        const decision = rules({
          confirmed: row.confirmed_at !== null,
          history: await stores.outbox.history(change.trx, id, MAIL_TOPICS.confirmation),
        });
        if (decision.ok) await events.resentConfirmationMail(change, row, options.held);
        return decision;
      };
      const decision = await decide();
      // An operator's re-send is an action of theirs; a repeated sign-up's is the visitor's.
      if (options.operatorId !== undefined) {
        await change.audit({
          action: 'signup.resend-confirmation',
          operatorId: options.operatorId,
          signupId: id,
          ...(decision.ok ? {} : { outcome: 'failed' as const, detail: decision.reason }),
        });
      }
      return decision;
    });
  }

  return {
    /** Someone signs up again with an address that is on the list: an unconfirmed person gets their mail again, within limits. */
    async onRepeatedSignUp(email: string, held: boolean): Promise<void> {
      try {
        const id = await stores.signups.idByEmail(deps.database.db, email);
        if (id === undefined) return;
        const decision = await queueResend(id, (input) => mayResendConfirmation({ ...input, now: now() }), { held });
        if (decision.ok) deps.log?.info({ signupId: id }, 'confirmation re-sent on a repeated sign-up');
      } catch (err) {
        // The answer stays "already registered" whatever happens here.
        deps.log?.warn({ err }, 'could not queue a confirmation re-send');
      }
    },

    /** An operator re-sends a confirmation: more often than a repeated sign-up may, but not twice within 10 minutes. */
    byOperator: (id: number, operatorId: number): Promise<ResendAnswer> =>
      queueResend(
        id,
        (input) => mayResendConfirmation({ ...input, history: input.history.map((h) => ({ ...h, resend: false })), now: now() }),
        { operatorId },
      ),
  };
}
