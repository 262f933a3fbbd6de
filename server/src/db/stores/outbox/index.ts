import type { Database } from '../../connection';
import { outboxClaims } from './claims';
import { outboxCorrections } from './corrections';
import { outboxFeedback } from './feedback';
import { outboxHeld } from './held';
import { outboxQueue } from './queue';

export * from './types';
export { PAUSED_UNTIL, type SendFeedbackCounts, type SendRef } from './feedback';

/**
 * The outbox table, its one writer: rows written in the same transaction as the change that causes them (a mail to
 * send, a webhook event: queue.ts), delivered by the worker in delivery/ (claims.ts), corrected by operators and the
 * retention job (corrections.ts), freed from the mail budget's hold (held.ts). The console's reads of it are in ../outbox-reports.ts.
 */
export function createOutboxStore(database: Database) {
  return {
    ...outboxQueue(database),
    ...outboxClaims(database),
    ...outboxCorrections(database),
    ...outboxFeedback(database),
    ...outboxHeld(database),
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
