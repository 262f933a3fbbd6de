import type { Kysely } from 'kysely';
import type { AuditAction, Schema } from '../schema';

export interface AuditEntry {
  action: AuditAction;
  operatorId: number;
  signupId: number | null;
  /** Names of the fields concerned (a correction's changed fields, an export's filters); never values. */
  fields?: string[];
}

/**
 * Writes one audit row. Takes a transaction so that a change and its audit row commit together; pass the plain
 * connection for an action that changes nothing (an export).
 */
export async function recordAudit(executor: Kysely<Schema>, entry: AuditEntry): Promise<void> {
  await executor
    .insertInto('admin_audit_log')
    .values({
      action: entry.action,
      operator_id: entry.operatorId,
      signup_id: entry.signupId,
      fields: entry.fields?.length ? entry.fields.join(',') : null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The audit log for actions outside a transaction of their own (exports). */
export function createAuditLog(database: { db: Kysely<Schema> }) {
  return { record: (entry: AuditEntry) => recordAudit(database.db, entry) };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
