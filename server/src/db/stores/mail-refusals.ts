import type { Database } from '../connection';
import type { Executor } from '../connection';

/** A receiving domain's refusals of our mail for one reason (migration 25). */
export interface MailRefusal {
  domain: string;
  reason: string;
  count: number;
  firstAt: string;
  lastAt: string;
  notifiedAt: string | null;
}

const toIso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** Refusals of our mail per receiving domain and reason (docs/decisions/0041): the Deliverability page reads them. */
export function createMailRefusals(database: Database) {
  const { db } = database;
  const mapped = (row: {
    domain: string;
    reason: string;
    count: number | string;
    first_at: unknown;
    last_at: unknown;
    notified_at: unknown;
  }) => ({
    domain: row.domain,
    reason: row.reason,
    count: Number(row.count),
    firstAt: toIso(row.first_at),
    lastAt: toIso(row.last_at),
    notifiedAt: row.notified_at == null ? null : toIso(row.notified_at),
  });
  return {
    /** Counts one refusal; answers the domain's row for that reason as it now stands. */
    async add(executor: Executor, entry: { domain: string; reason: string; at: string }): Promise<MailRefusal> {
      const row = await executor
        .insertInto('mail_refusals')
        .values({ domain: entry.domain, reason: entry.reason, count: 1, first_at: entry.at, last_at: entry.at })
        .onConflict((oc) =>
          oc.columns(['domain', 'reason']).doUpdateSet((eb) => ({ count: eb('mail_refusals.count', '+', 1), last_at: entry.at })),
        )
        .returning(['domain', 'reason', 'count', 'first_at', 'last_at', 'notified_at'])
        .executeTakeFirstOrThrow();
      return mapped(row);
    },

    /** The owners were told of this domain's refusals for this reason. */
    async markNotified(executor: Executor, key: { domain: string; reason: string }, at: string): Promise<void> {
      await executor
        .updateTable('mail_refusals')
        .set({ notified_at: at })
        .where('domain', '=', key.domain)
        .where('reason', '=', key.reason)
        .execute();
    },

    /** The refusals seen since `since`, the most frequent first (at most `limit`). */
    async since(since: string, limit = 50): Promise<MailRefusal[]> {
      const rows = await db
        .selectFrom('mail_refusals')
        .select(['domain', 'reason', 'count', 'first_at', 'last_at', 'notified_at'])
        .where('last_at', '>=', since)
        .orderBy('count', 'desc')
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(mapped);
    },

    /** Drops what was last seen before `before` (the housekeeping job). */
    async prune(before: string): Promise<number> {
      const result = await db.deleteFrom('mail_refusals').where('last_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MailRefusals = ReturnType<typeof createMailRefusals>;
