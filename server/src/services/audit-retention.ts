import type { Stores } from '../db/stores';
import type { UseCases } from './use-case';

/**
 * The audit trail keeps operators' actions AUDIT_RETENTION_DAYS and no longer (the privacy page and docs/security.md
 * say so); on PostgreSQL the table refuses any other deletion (a trigger), so this is the one door that removes entries.
 */
export function createAuditRetention({ stores, useCases }: { stores: Pick<Stores, 'auditTrail'>; useCases: UseCases }) {
  return {
    /** Deletes entries older than `days`; answers how many. */
    prune: (days: number, now = Date.now()): Promise<number> => useCases.run(({ trx }) => stores.auditTrail.prune(trx, days, now)),
  };
}
