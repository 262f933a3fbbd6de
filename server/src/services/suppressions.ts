import { createHmac } from 'node:crypto';
import { normalizeEmail } from '@waitlist/contract';
import { createBatchedRead } from '../db/batched-read';
import type { Stores } from '../db/stores';
import type { Suppression } from '../db/stores/mail-suppressions';
import type { SuppressionReason } from '../db/schema/mail';
import { replacesSuppression } from '../lib/feedback-strength';
import { sharedSecret } from './shared-secrets';
import type { Change, UseCases } from './use-case';

/** The suppression list's HMAC key in server_secrets (made once, in every backup, like the erasure ledger's). */
export const SUPPRESSION_KEY = 'mail-suppressions';

/**
 * Transient bounces (a full mailbox, a server down for days) suppress an address once SOFT_BOUNCE_LIMIT of them
 * arrived within SOFT_BOUNCE_WINDOW_DAYS (docs/operators.md): one is weather, three in a week is a dead mailbox.
 */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 7;

/**
 * The suppression list (issue 35 item 3; docs/decisions/0029): an address a relay refused for good (5xx at RCPT), that
 * complained, or that an owner suppressed gets no wave, update, reminder or digest; only what the person has just
 * asked for (a new sign-up's confirmation, their data link) still goes. Kept as keyed hashes, so it survives the
 * person's erasure and a re-import; an owner lifts one with a reason, audited.
 */
export function createSuppressions({
  stores,
  useCases,
}: {
  stores: Pick<Stores, 'mailSuppressions' | 'mailSoftBounces' | 'serverSecrets'>;
  useCases: UseCases;
}) {
  const suppressionKey = sharedSecret({ stores, useCases }, SUPPRESSION_KEY);
  /** `executor`: a transaction that needs the key (SQLite has one connection: it must not wait for another). */
  const hashOf = async (email: string, executor?: Change['trx']) => {
    const key = executor ? await suppressionKey.in(executor) : await suppressionKey();
    return createHmac('sha256', key).update(normalizeEmail(email)).digest('hex');
  };

  // The look-ups of the mails sent in the same turn are one statement (db/batched-read.ts), as their recipients are.
  const found = createBatchedRead((hashes: string[]) => stores.mailSuppressions.findMany(hashes));

  return {
    /** The address's entry, or undefined when it may be mailed. */
    async lookup(email: string): Promise<Suppression | undefined> {
      return found(await hashOf(email));
    },

    /**
     * In a change that records what came back about a mail: a permanent bounce or a complaint suppresses the address
     * at once; a transient one is counted and suppresses at the limit. Answers the reason it is now suppressed for, if any.
     */
    async feedbackIn(
      change: Change,
      email: string,
      kind: 'hard-bounce' | 'soft-bounce' | 'complaint',
      cause: string | null,
    ): Promise<SuppressionReason | undefined> {
      const hash = await hashOf(email, change.trx);
      if (kind === 'soft-bounce') {
        await stores.mailSoftBounces.add(change.trx, { hash, cause, at: change.at });
        const since = new Date(Date.parse(change.at) - SOFT_BOUNCE_WINDOW_DAYS * 86_400_000).toISOString();
        if ((await stores.mailSoftBounces.countSince(change.trx, hash, since)) < SOFT_BOUNCE_LIMIT) return undefined;
        await stores.mailSoftBounces.clear(change.trx, hash);
      }
      await stores.mailSuppressions.add(change.trx, { hash, reason: kind, cause, at: change.at }, replacesSuppression(kind));
      await change.audit({ action: 'suppression.add', operatorId: null, target: cause, detail: kind });
      return kind;
    },

    /** An owner suppresses an address by hand. */
    async suppressByHand(actor: { operatorId: number }, email: string, note: string): Promise<void> {
      const hash = await hashOf(email);
      await useCases.run(async (change) => {
        const entry = { hash, reason: 'manual' as const, cause: note.slice(0, 300) || null, at: change.at };
        await stores.mailSuppressions.add(change.trx, entry, replacesSuppression(entry.reason));
        await change.audit({ action: 'suppression.add', operatorId: actor.operatorId, detail: `manual: ${note.slice(0, 200)}` });
      });
    },

    /** An owner lifts a suppression with a reason; false when the address was not suppressed. */
    async lift(actor: { operatorId: number }, email: string, note: string): Promise<boolean> {
      const hash = await hashOf(email);
      return useCases.run(async (change) => {
        const entry = await stores.mailSuppressions.find(hash, change.trx);
        const removed = await stores.mailSuppressions.remove(change.trx, hash);
        await change.audit({
          action: 'suppression.lift',
          operatorId: actor.operatorId,
          ...(removed
            ? { detail: `${entry?.reason ?? ''}: ${note.slice(0, 200)}` }
            : { outcome: 'failed' as const, detail: 'not suppressed' }),
        });
        return removed;
      });
    },

    /** In a confirmation's change: the person's click proves the mailbox works; a suppression of it is lifted. */
    async liftOnConfirmation(change: Change, email: string): Promise<void> {
      const hash = await hashOf(email, change.trx);
      await stores.mailSoftBounces.clear(change.trx, hash);
      const entry = await stores.mailSuppressions.find(hash, change.trx);
      if (!entry || !(await stores.mailSuppressions.remove(change.trx, hash))) return;
      await change.audit({ action: 'suppression.lift', operatorId: null, detail: `${entry.reason}: the person confirmed` });
    },

    counts: () => stores.mailSuppressions.counts(),
  };
}

export type Suppressions = ReturnType<typeof createSuppressions>;
