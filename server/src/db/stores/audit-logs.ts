import type { Kysely } from 'kysely';
import type { AuditOutcome, PersonAuditAction, Schema } from '../schema';

/**
 * The two audit logs: what operators did (audit_trail: every console action, its outcome, refused attempts included)
 * and what happened to a person's row by their own hand or the system's (person_audit_log). Field names only, never
 * values, never a person's address. Each takes the executor of the change it records, so the two commit together.
 */
export interface OperatorAuditEntry {
  /** What was done: `signup.erase`, `signups.export`, `operator.invite`, `session.sign-in`, … (docs/operators.md). */
  action: string;
  /** Who: null for a sign-in attempt on an address that is no operator's. */
  operatorId: number | null;
  outcome?: AuditOutcome;
  signupId?: number | null;
  /** The setting or thing acted on: `operator:3`, `campaign:12`, `webhooks`, … */
  target?: string | null;
  /** Names of the fields concerned (a correction's changed fields, an export's filters); never values. */
  fields?: readonly string[];
  /** A short reason (a refusal's, a failure's). */
  detail?: string | null;
}

export interface PersonAuditEntry {
  action: PersonAuditAction;
  actor: 'person' | 'system';
  signupId: number | null;
  fields?: readonly string[];
}

export const auditLogs = {
  /** Records an operator's action; their address is copied in, so the trail still says who after they are removed. */
  async operator(executor: Kysely<Schema>, entry: OperatorAuditEntry, at = new Date().toISOString()): Promise<void> {
    const detail = [entry.fields?.length ? entry.fields.join(',') : null, entry.detail ?? null].filter(Boolean).join('; ');
    await executor
      .insertInto('audit_trail')
      .values((eb) => ({
        action: entry.action,
        operator_id: entry.operatorId,
        operator_email: entry.operatorId === null ? null : eb.selectFrom('operators').select('email').where('id', '=', entry.operatorId),
        outcome: entry.outcome ?? 'ok',
        signup_id: entry.signupId ?? null,
        target: entry.target ?? null,
        detail: detail === '' ? null : detail.slice(0, 500),
        created_at: at,
      }))
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
