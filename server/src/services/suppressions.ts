import { createHmac } from 'node:crypto';
import { normalizeEmail } from '@waitlist/contract';
import { createBatchedRead } from '../db/batched-read';
import type { Stores } from '../db/stores';
import type { Suppression } from '../db/stores/mail-suppressions';
import type { SuppressionReason } from '../db/schema/mail';
import type { Change, UseCases } from './use-case';

/** The suppression list's HMAC key in server_secrets (made once, in every backup, like the erasure ledger's). */
export const SUPPRESSION_KEY = 'mail-suppressions';

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
  stores: Pick<Stores, 'mailSuppressions' | 'serverSecrets'>;
  useCases: UseCases;
}) {
  let key: string | undefined;
  /** `executor`: a transaction that needs the key (SQLite has one connection: it must not wait for another). */
  const hashOf = async (email: string, executor?: Change['trx']) => {
    key ??= await stores.serverSecrets.get(SUPPRESSION_KEY, executor);
    return createHmac('sha256', key).update(normalizeEmail(email)).digest('hex');
  };

  // The look-ups of the mails sent in the same turn are one statement (db/batched-read.ts), as their recipients are.
  const found = createBatchedRead((hashes: string[]) => stores.mailSuppressions.findMany(hashes));

  return {
    /** The address's entry, or undefined when it may be mailed. */
    async lookup(email: string): Promise<Suppression | undefined> {
      return found(await hashOf(email));
    },

    /** Suppresses the address (a bounce, a complaint): recorded in the audit trail as the system's act, with its cause. */
    async suppress(email: string, reason: SuppressionReason, cause: string | null): Promise<void> {
      const hash = await hashOf(email);
      await useCases.run(async (change) => {
        await stores.mailSuppressions.add(change.trx, { hash, reason, cause, at: change.at });
        await change.audit({ action: 'suppression.add', operatorId: null, target: cause, detail: reason });
      });
    },

    /** An owner suppresses an address by hand. */
    async suppressByHand(actor: { operatorId: number }, email: string, note: string): Promise<void> {
      const hash = await hashOf(email);
      await useCases.run(async (change) => {
        await stores.mailSuppressions.add(change.trx, { hash, reason: 'manual', cause: note.slice(0, 300) || null, at: change.at });
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
      const entry = await stores.mailSuppressions.find(hash, change.trx);
      if (!entry || !(await stores.mailSuppressions.remove(change.trx, hash))) return;
      await change.audit({ action: 'suppression.lift', operatorId: null, detail: `${entry.reason}: the person confirmed` });
    },

    counts: () => stores.mailSuppressions.counts(),
  };
}

export type Suppressions = ReturnType<typeof createSuppressions>;
