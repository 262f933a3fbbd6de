import { DELIVERY_BATCH_WINDOW_MS } from '../db/group-commit';
import type { Stores } from '../db/stores';
import { signupChangesIn } from './signup-changes';
import { MAIL_TOPICS } from './signup-events';
import type { UseCases } from './use-case';

/**
 * What a delivered outbox row means (the delivery worker reports each one): a webhook about a person erased meanwhile
 * is deleted, a first confirmation mail starts the retention clock, the row is marked sent. Many rows a transaction
 * while mail streams out: one commit, one fsync, for the mails of one moment (db/group-commit.ts).
 */
export function createDeliveryRecords({ stores, useCases }: { stores: Pick<Stores, 'outbox' | 'signups'>; useCases: UseCases }) {
  const deliveries = useCases.groupCommit<{ id: number; workerId: string; sentAt: Date }>({
    windowMs: DELIVERY_BATCH_WINDOW_MS,
    async write(trx, items) {
      // A handful of set-based statements per batch, not several per mail: each statement is a round trip.
      const ids = items.map((i) => i.id).sort((a, b) => a - b);
      const rows = await stores.outbox.describeMany(trx, ids);
      const subjects = [...rows.values()].flatMap((r) => (r.kind === 'webhook' && r.subjectId !== null ? [r.subjectId] : []));
      const living = await stores.signups.existingIds(trx, subjects);
      const erasedMeanwhile = (id: number) => {
        const row = rows.get(id);
        return row?.kind === 'webhook' && row.subjectId !== null && !living.has(row.subjectId);
      };
      // The sign-up rows before the outbox rows, as erasure and opt-out take them, so the two never deadlock.
      const confirmed = ids.flatMap((id) => {
        const row = rows.get(id);
        return row?.topic === MAIL_TOPICS.confirmation && row.signupId !== null ? [row.signupId] : [];
      });
      const sentAt = new Date(Math.max(...items.map((i) => i.sentAt.getTime())));
      await signupChangesIn(stores.signups).confirmationSent(
        trx,
        [...new Set(confirmed)].sort((a, b) => a - b),
        sentAt.toISOString(),
      );
      // Both lanes and the webhooks share this batcher: each worker records only the rows it holds.
      for (const workerId of new Set(items.map((i) => i.workerId))) {
        const own = items.filter((i) => i.workerId === workerId).map((i) => i.id);
        await stores.outbox.deleteLeasedMany(trx, { ids: own.filter(erasedMeanwhile), workerId });
        await stores.outbox.markSentMany(trx, { ids: own.filter((id) => !erasedMeanwhile(id)), workerId, sentAt });
      }
      return items.map(() => null);
    },
  });

  return {
    /** A row was delivered: recorded with the others delivered at the same moment. */
    record: (input: { id: number; workerId: string; sentAt: Date }): Promise<void> => deliveries.submit(input),
    /** Waits for the records still being committed (shutdown). */
    drain: () => deliveries.drain(),
  };
}

export type DeliveryRecords = ReturnType<typeof createDeliveryRecords>;
