import type { Stores } from '../db/stores';
import type { UseCases } from './use-case';

/**
 * What an operator does to the outbox from the console's Mail page: a failed mail tried again, a webhook event sent
 * again. Each with its audit entry, in one change.
 */
export function createOutboxActions({ stores, useCases }: { stores: Pick<Stores, 'outbox'>; useCases: UseCases }) {
  /** `action` on outbox row `id`: `change` says whether it applied; either way the attempt is recorded. */
  const act = (
    action: string,
    id: number,
    operatorId: number,
    change: (trx: Parameters<Stores['outbox']['retryNow']>[0]) => Promise<boolean>,
  ) =>
    useCases.run(async (c) => {
      const done = await change(c.trx);
      await c.audit({ action, operatorId, target: `outbox:${id}`, ...(done ? {} : { outcome: 'failed' as const, detail: 'not found' }) });
      return done;
    });

  return {
    /** A failed mail goes out again now; false when no failed mail has this id. */
    retryMail: (id: number, operatorId: number) => act('mail.retry', id, operatorId, (trx) => stores.outbox.retryNow(trx, id)),
    /** A delivered or given-up webhook event goes out again; false when there is none with this id. */
    resendWebhook: (id: number, operatorId: number) => act('webhook.resend', id, operatorId, (trx) => stores.outbox.resendWebhook(trx, id)),
  };
}

export type OutboxActions = ReturnType<typeof createOutboxActions>;
