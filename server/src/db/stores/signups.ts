import type { FollowUpStatus } from '@waitlist/contract';
import type { Database, Executor } from '../connection';
import { signupRowCodec, type NewSignupRow, type SignupChanges, type SignupRow } from './signup-rows';
import { createSignupFold } from './signup-fold';
import { createSignupCounts, type CountParts } from './signup-counts';

export type { NewSignupRow, SignupChanges, SignupRow } from './signup-rows';

/**
 * The waitlist_signups table, and nothing else: rows in, rows out, in the one shape the code uses (SignupRow).
 * No rule lives here; services/signups.ts decides what to write and when. Every function takes the executor it
 * runs on, so a service writes a sign-up and everything it causes in one transaction.
 *
 * What is derived from the rows is kept in step here, where they are written, so no other write path can forget it:
 * the search index of addresses on SQLite (signup_email_search; PostgreSQL indexes the column itself) and the
 * console's kept counts (signup-counts.ts). A new row is counted when it is folded in (`foldBatch`, run by
 * services/count-fold.ts).
 */

export function createSignupStore(database: Database) {
  const { db } = database;
  const counts = createSignupCounts(database);
  const search = database.addressSearch;
  /** A row's contribution moves (before → after) when it is already counted; an uncounted one is counted later as it is. */
  const recount = async (trx: Executor, before: readonly SignupRow[], after: readonly SignupRow[], parts: CountParts) =>
    counts.change(trx, before, after, parts);
  const { decode, encode, encodeNew } = signupRowCodec(database);
  const fold = createSignupFold(database, counts, decode);

  async function find(executor: Executor, id: number): Promise<SignupRow | undefined> {
    const row = await executor.selectFrom('waitlist_signups').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? decode(row) : undefined;
  }

  return {
    decode,

    /**
     * Inserts new sign-ups in one statement, skipping an e-mail that is already stored (or repeated in `rows`):
     * answers, per row in the given order, its id, or undefined when its e-mail was taken. Rows are written in
     * e-mail order, so concurrent batches take the unique index's locks in the same order (no deadlock).
     */
    async insertNew(trx: Executor, rows: readonly NewSignupRow[]): Promise<(number | undefined)[]> {
      const sorted = [...rows].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
      const inserted = await trx
        .insertInto('waitlist_signups')
        .values(sorted.map(encodeNew))
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(['id', 'email'])
        .execute();
      await search.add(
        trx,
        inserted.map((row) => ({ id: Number(row.id), email: row.email })),
      );
      const idByEmail = new Map(inserted.map((row) => [row.email, Number(row.id)]));
      // Rows with the same e-mail: the first one in the list is the one stored.
      return rows.map((row) => {
        const id = idByEmail.get(row.email);
        idByEmail.delete(row.email);
        return id;
      });
    },

    /** A sign-up by id, read outside any change (the console's person page). */
    get: (id: number): Promise<SignupRow | undefined> => find(db, id),

    find,

    async findMany(executor: Executor, ids: readonly number[]): Promise<SignupRow[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .selectFrom('waitlist_signups')
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
      return rows.map(decode);
    },

    async findByEmail(executor: Executor, email: string): Promise<SignupRow | undefined> {
      const row = await executor.selectFrom('waitlist_signups').selectAll().where('email', '=', email).executeTakeFirst();
      return row ? decode(row) : undefined;
    },

    async idByEmail(executor: Executor, email: string): Promise<number | undefined> {
      const row = await executor.selectFrom('waitlist_signups').select('id').where('email', '=', email).executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    /**
     * Reads the row for a change, locking it on PostgreSQL (a no-op update takes the row lock; SQLite has one
     * writer). Every change of a person takes this lock first, then the rows that hang off it, so two never deadlock.
     */
    async lock(trx: Executor, id: number): Promise<SignupRow | undefined> {
      const row = await trx
        .updateTable('waitlist_signups')
        .set((eb) => ({ locale: eb.ref('locale') }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? decode(row) : undefined;
    },

    async update(trx: Executor, id: number, changes: SignupChanges): Promise<void> {
      const before = await trx.selectFrom('waitlist_signups').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return;
      await trx.updateTable('waitlist_signups').set(encode(changes)).where('id', '=', id).execute();
      const row = decode(before);
      if (Number(before.counted) === 1) await recount(trx, [row], [{ ...row, ...changes }], { daily: true, current: true });
      if (changes.email !== undefined && changes.email !== row.email) {
        await search.remove(trx, id);
        await search.add(trx, [{ id, email: changes.email }]);
      }
    },

    async setConfirmed(trx: Executor, id: number, at: string): Promise<void> {
      const confirmed = await trx
        .updateTable('waitlist_signups')
        .set({ confirmed_at: at })
        .where('id', '=', id)
        .where('confirmed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (confirmed && Number(confirmed.counted) === 1) {
        const row = decode(confirmed);
        await recount(trx, [{ ...row, confirmed_at: null }], [row], { daily: true, current: false });
      }
    },

    /**
     * The address changed hands (a correction): unconfirmed until its new owner confirms, with the retention clock
     * started again now, so the new confirmation mail has its full time.
     */
    async setUnconfirmed(trx: Executor, id: number, at: string): Promise<void> {
      const before = await trx.selectFrom('waitlist_signups').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return;
      await trx.updateTable('waitlist_signups').set({ confirmed_at: null, confirmation_sent_at: at }).where('id', '=', id).execute();
      const row = decode(before);
      if (row.confirmed_at && Number(before.counted) === 1)
        await recount(trx, [row], [{ ...row, confirmed_at: null }], { daily: true, current: false });
    },

    /**
     * The partner code a sign-up is attributed to (null: none, when the code filled up before their confirmation), or
     * the start of their booked call (services/bookings.ts).
     */
    async setLinks(trx: Executor, id: number, links: { partner_code_id?: number | null; meeting_at?: string | null }): Promise<void> {
      await trx.updateTable('waitlist_signups').set(links).where('id', '=', id).execute();
    },

    /** Answers whether the opt-out is new. */
    async setOptedOut(trx: Executor, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('waitlist_signups')
        .set({ marketing_opt_out_at: at })
        .where('id', '=', id)
        .where('marketing_opt_out_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The first confirmation mail of each of these people went out at `at` (a later one changes nothing). */
    async setConfirmationSent(trx: Executor, ids: readonly number[], at: string): Promise<void> {
      if (ids.length === 0) return;
      await trx
        .updateTable('waitlist_signups')
        .set({ confirmation_sent_at: at })
        .where('id', 'in', [...ids])
        .where('confirmation_sent_at', 'is', null)
        .execute();
    },

    /** Which of these ids still exist. */
    async existingIds(executor: Executor, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .selectFrom('waitlist_signups')
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => Number(r.id)));
    },

    async statuses(trx: Executor, ids: readonly number[]): Promise<Map<number, FollowUpStatus>> {
      const rows = await trx
        .selectFrom('waitlist_signups')
        .select(['id', 'status'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((r) => [Number(r.id), r.status]));
    },

    async setStatus(trx: Executor, ids: readonly number[], status: FollowUpStatus): Promise<void> {
      if (ids.length === 0) return;
      const before = (
        await trx
          .selectFrom('waitlist_signups')
          .selectAll()
          .where('id', 'in', [...ids])
          .where('counted', '=', 1)
          .where('status', '<>', status)
          .execute()
      ).map(decode);
      await trx
        .updateTable('waitlist_signups')
        .set({ status })
        .where('id', 'in', [...ids])
        .execute();
      await recount(
        trx,
        before,
        before.map((row) => ({ ...row, status })),
        { daily: false, current: true },
      );
    },

    /**
     * Deletes the row; its outbox mail, tokens, notes and idempotency keys go with it (ON DELETE CASCADE). It leaves the
     * people on the list now; what it contributed to the daily counts stays (it is folded in now if it was not yet).
     */
    async remove(trx: Executor, id: number): Promise<void> {
      const removed = await trx.deleteFrom('waitlist_signups').where('id', '=', id).returningAll().executeTakeFirst();
      if (!removed) return;
      await search.remove(trx, id);
      const row = decode(removed);
      if (Number(removed.counted) === 1) await recount(trx, [row], [], { daily: false, current: true });
      else await recount(trx, [], [row], { daily: true, current: false });
    },

    /** One batch of the fold into the kept counts (signup-fold.ts), in the fold's transaction. */
    foldBatch: fold.foldBatch,
    /** How many sign-ups wait to be folded, counted up to `atMost`. */
    foldBacklog: fold.backlog,
    foldPacing: fold.pacing,

    /** The people on the list now (as counted), and how many of them use free mail. */
    totals: (executor: Executor = db) => counts.totals(executor),
    /** The people on the list as counted, and how many sign-ups wait to be folded in (counted up to `atMost`). */
    listed: (atMost: number) => counts.listed(atMost),

    /** Ids of sign-ups still unconfirmed whose confirmation mail went out before `cutoff`, oldest id first. */
    async unconfirmedSince(cutoff: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('waitlist_signups')
        .select('id')
        .where('confirmed_at', 'is', null)
        .where('confirmation_sent_at', '<', cutoff)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async count(): Promise<number> {
      const { n } = await db
        .selectFrom('waitlist_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}

export type SignupStore = ReturnType<typeof createSignupStore>;
