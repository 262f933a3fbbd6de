import type { Kysely } from 'kysely';
import type { AuditAction, PersonAuditAction, Schema } from '../schema';

/**
 * The two audit logs: what operators did (admin_audit_log: erase, correct, export) and what happened to a
 * person's row by their own hand or the system's (person_audit_log). Field names only, never values, never an
 * address. Each takes the executor of the change it records, so the two commit together.
 */
export interface OperatorAuditEntry {
  action: AuditAction;
  operatorId: number;
  signupId: number | null;
  /** Names of the fields concerned (a correction's changed fields, an export's filters); never values. */
  fields?: readonly string[];
}

export interface PersonAuditEntry {
  action: PersonAuditAction;
  actor: 'person' | 'system';
  signupId: number | null;
  fields?: readonly string[];
}

export const auditLogs = {
  async operator(executor: Kysely<Schema>, entry: OperatorAuditEntry, at = new Date().toISOString()): Promise<void> {
    await executor
      .insertInto('admin_audit_log')
      .values({
        action: entry.action,
        operator_id: entry.operatorId,
        signup_id: entry.signupId,
        fields: entry.fields?.length ? entry.fields.join(',') : null,
        created_at: at,
      })
      .execute();
  },

  async person(executor: Kysely<Schema>, entry: PersonAuditEntry, at = new Date().toISOString()): Promise<void> {
    await executor
      .insertInto('person_audit_log')
      .values({
        action: entry.action,
        actor: entry.actor,
        signup_id: entry.signupId,
        fields: entry.fields?.length ? entry.fields.join(',') : null,
        created_at: at,
      })
      .execute();
  },
};
