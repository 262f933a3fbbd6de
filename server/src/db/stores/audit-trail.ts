import { sql } from 'kysely';
import type { AdminAuditEntry, AdminAuditQuery } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import type { AuditOutcome } from '../schema';
import { translateDbError } from '../errors';

const DAY_MS = 24 * 60 * 60 * 1000;
const encodeCursor = (at: string, id: number) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decodeCursor(cursor: string): [string, number] | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && !Number.isNaN(Date.parse(parsed[0])) && Number.isSafeInteger(parsed[1])) {
      return [new Date(parsed[0]).toISOString(), parsed[1] as number];
    }
  } catch {
    // not one of ours
  }
  return undefined;
}

export class InvalidAuditCursorError extends Error {}

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

/**
 * The operators' audit trail (audit_trail, migration 15): every console action with its outcome, refused attempts
 * included, written in the transaction of the change it records (only services/use-case.ts calls `record`:
 * eslint.config.js); read newest first, by operator, action, outcome and period, a page at a time or streamed for the
 * CSV; and the retention job's deletion of old rows, the only deletion the table allows (on PostgreSQL a trigger
 * refuses any other). Field names only, never values, never a person's address.
 */
export function createAuditTrail(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  const query = (filters: Omit<AdminAuditQuery, 'cursor'>) => {
    let q = db.selectFrom('audit_trail').selectAll();
    if (filters.operator !== undefined) q = q.where('operator_id', '=', filters.operator);
    if (filters.action) q = q.where('action', '=', filters.action);
    if (filters.outcome) q = q.where('outcome', '=', filters.outcome);
    if (filters.from) q = q.where('created_at', '>=', `${filters.from}T00:00:00.000Z`);
    if (filters.to) q = q.where('created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString());
    return q;
  };

  async function page(filters: AdminAuditQuery, limit: number): Promise<{ items: AdminAuditEntry[]; next_cursor: string | null }> {
    let q = query(filters);
    if (filters.cursor) {
      const key = decodeCursor(filters.cursor);
      if (!key) throw new InvalidAuditCursorError();
      q = q.where(sql<boolean>`(created_at, id) < (${key[0]}, ${key[1]})`);
    }
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute()
      .catch(translateDbError);
    const items = rows.slice(0, limit).map((row): AdminAuditEntry => ({
      id: Number(row.id),
      at: ts(row.created_at),
      operator_id: row.operator_id === null ? null : Number(row.operator_id),
      operator_email: row.operator_email,
      action: row.action,
      outcome: row.outcome,
      signup_id: row.signup_id === null ? null : Number(row.signup_id),
      target: row.target,
      detail: row.detail,
    }));
    const last = items.at(-1);
    return { items, next_cursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null };
  }

  return {
    /** Records an operator's action; their address is copied in, so the trail still says who after they are removed. */
    async record(executor: Executor, entry: OperatorAuditEntry, at: string): Promise<void> {
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

    /** The operator whose correction last set the sign-up's address, if one did (its entry names the fields changed). */
    async addressSetBy(executor: Executor, signupId: number): Promise<number | null> {
      const row = await executor
        .selectFrom('audit_trail')
        .select(['operator_id', 'detail'])
        .where('action', '=', 'signup.correct')
        .where('outcome', '=', 'ok')
        .where('signup_id', '=', signupId)
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      const last = row.find((r) => (r.detail ?? '').split(';')[0]!.split(',').includes('email'));
      return last?.operator_id == null ? null : Number(last.operator_id);
    },

    page: (filters: AdminAuditQuery, limit = 100) => page(filters, limit),

    async *stream(filters: Omit<AdminAuditQuery, 'cursor'>): AsyncGenerator<AdminAuditEntry[]> {
      let cursor: string | undefined;
      do {
        const result = await page({ ...filters, ...(cursor ? { cursor } : {}) }, 1000);
        if (result.items.length > 0) yield result.items;
        cursor = result.next_cursor ?? undefined;
      } while (cursor);
    },

    /** The operators who appear in the trail (for the console's filter), removed ones included. */
    async actors(): Promise<{ id: number; email: string }[]> {
      const rows = await db
        .selectFrom('audit_trail')
        .select(['operator_id', (eb) => eb.fn.max('operator_email').as('email')])
        .where('operator_id', 'is not', null)
        .groupBy('operator_id')
        .execute();
      return rows.map((r) => ({ id: Number(r.operator_id), email: String(r.email ?? '') })).sort((a, b) => a.email.localeCompare(b.email));
    },

    /** Deletes what is older than `days` (AUDIT_RETENTION_DAYS); on PostgreSQL through the trigger's one open door. */
    async prune(trx: Executor, days: number, now = Date.now()): Promise<number> {
      const cutoff = new Date(now - days * DAY_MS).toISOString();
      await database.setLocal(trx, 'waitlist.audit_retention_days', String(days));
      const result = await trx.deleteFrom('audit_trail').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
