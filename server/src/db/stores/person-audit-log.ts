import type { Executor } from '../connection';
import type { PersonAuditAction } from '../schema';

/**
 * What happened to a person's row by their own hand or the system's (person_audit_log): confirmed, corrected, erased,
 * expired. Field names only, never values, never the address. Written in the transaction of the change it records
 * (only services/use-case.ts calls `record`: eslint.config.js).
 */
export interface PersonAuditEntry {
  action: PersonAuditAction;
  actor: 'person' | 'system';
  signupId: number | null;
  fields?: readonly string[];
}

export function createPersonAuditLog() {
  return {
    async record(executor: Executor, entry: PersonAuditEntry, at: string): Promise<void> {
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
}

export type PersonAuditLog = ReturnType<typeof createPersonAuditLog>;
