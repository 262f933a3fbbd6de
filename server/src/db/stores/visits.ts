import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AdminFunnel, FunnelDimension } from '@waitlist/contract';
import type { Database, Executor } from '../connection';
import type { VisitDimension } from '../schema';

/**
 * Cookieless visit counting (docs/decisions/0009-operator-insight.md). A page view adds to per-day counters by
 * path, UTM source, UTM campaign and referrer origin. Distinct visitors come from an HMAC of the day's random salt,
 * the IP and the user agent; salts and these hashes are deleted when their day ends, so nobody can be followed
 * across days and nothing stored identifies a person afterwards. The store keeps the rows; what a view counts as and
 * whose it is, services/visits.ts.
 */
/** The value a view without a source, campaign or referrer is counted under. */
export const NONE = '(none)';
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export function createVisits(database: Database) {
  const { db } = database;

  return {
    /**
     * The salt of `day`, made by its first view, which also ends the previous days' salts and hashes at once (the
     * hourly job is the backstop).
     */
    async saltOf(trx: Executor, day: string): Promise<string> {
      const created = await trx
        .insertInto('visit_salts')
        .values({ day, salt: randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.column('day').doNothing())
        .returning('day')
        .executeTakeFirst();
      if (created) {
        await trx.deleteFrom('visit_salts').where('day', '<', day).execute();
        await trx.deleteFrom('visit_seen').where('day', '<', day).execute();
      }
      const row = await trx.selectFrom('visit_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
      return row.salt;
    },

    /**
     * Counts one view of `day` by `visitor` (a hash: services/visits.ts) under each of `keys`. Two statements whatever
     * the number of counters (a flood of beacons queues on these rows, so each holds them briefly): which of the
     * visitor's scopes are new today, then every counter in one upsert, in one order.
     */
    async count(trx: Executor, day: string, visitor: string, keys: readonly (readonly [VisitDimension, string])[]): Promise<void> {
      const seen = await trx
        .insertInto('visit_seen')
        .values(keys.map(([dimension, value]) => ({ day, visitor, scope: `${dimension}:${value}` })))
        .onConflict((oc) => oc.columns(['day', 'visitor', 'scope']).doNothing())
        .returning('scope')
        .execute();
      const firstTime = new Set(seen.map((r) => r.scope));
      await trx
        .insertInto('visit_counts')
        .values(
          keys.map(([dimension, value]) => ({
            day,
            dimension,
            value,
            views: 1,
            visitors: firstTime.has(`${dimension}:${value}`) ? 1 : 0,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['day', 'dimension', 'value']).doUpdateSet((eb) => ({
            views: eb('visit_counts.views', '+', 1),
            visitors: eb('visit_counts.visitors', '+', eb.ref('excluded.visitors')),
          })),
        )
        .execute();
    },

    /** Deletes salts and visitor hashes of days that have ended. */
    async forgetPastDays(now = new Date()): Promise<number> {
      const today = dayOf(now);
      const salts = await db.deleteFrom('visit_salts').where('day', '<', today).executeTakeFirst();
      await db.deleteFrom('visit_seen').where('day', '<', today).execute();
      return Number(salts.numDeletedRows);
    },

    /** Visitors → sign-ups → confirmed for the days `from`..`to` (inclusive, UTC), per day or per dimension. */
    async funnel(from: string, to: string, by: FunnelDimension): Promise<AdminFunnel> {
      const dimension: VisitDimension = by === 'day' ? 'all' : by === 'landing_path' ? 'path' : by;
      const visitRows = await db
        .selectFrom('visit_counts')
        .select(['day', 'value', 'views', 'visitors'])
        .where('dimension', '=', dimension)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      // Sign-ups and confirmations from the kept daily counts (signup-counts.ts; services/counted-reads.ts folds first).
      const signupDimension = by === 'day' ? 'all' : by === 'source' ? 'source' : by === 'campaign' ? 'campaign' : 'landing_path';
      const signupRows = (
        await db
          .selectFrom('signup_daily_counts')
          .select(['day', 'value', 'signups', 'confirmed'])
          .where('dimension', '=', signupDimension)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .execute()
      ).map((r) => ({ key: by === 'day' ? r.day : r.value === '' ? null : r.value, signups: r.signups, confirmed: r.confirmed }));

      const rows = new Map<string, AdminFunnel['rows'][number]>();
      const row = (key: string) => {
        const existing = rows.get(key);
        if (existing) return existing;
        const fresh = { key, visitors: 0, views: 0, signups: 0, confirmed: 0 };
        rows.set(key, fresh);
        return fresh;
      };
      if (by === 'day') {
        for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) row(dayOf(new Date(t)));
      }
      for (const v of visitRows) {
        const r = row(by === 'day' ? v.day : v.value);
        r.views += Number(v.views);
        r.visitors += Number(v.visitors);
      }
      for (const s of signupRows) {
        const r = row(s.key === null || s.key === undefined ? NONE : String(s.key));
        r.signups += Number(s.signups);
        r.confirmed += Number(s.confirmed);
      }
      const list = [...rows.values()];
      if (by === 'day') list.sort((a, b) => a.key.localeCompare(b.key));
      else list.sort((a, b) => b.signups - a.signups || b.visitors - a.visitors || a.key.localeCompare(b.key));
      const totalVisits = await db
        .selectFrom('visit_counts')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('views'), sql<number>`0`).as('views'),
          eb.fn.coalesce(eb.fn.sum<number>('visitors'), sql<number>`0`).as('visitors'),
        ])
        .where('dimension', '=', 'all')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .executeTakeFirstOrThrow();
      const totals = {
        visitors: Number(totalVisits.visitors),
        views: Number(totalVisits.views),
        signups: list.reduce((n, r) => n + r.signups, 0),
        confirmed: list.reduce((n, r) => n + r.confirmed, 0),
      };
      return { by, totals, rows: list };
    },
  };
}

export type Visits = ReturnType<typeof createVisits>;
