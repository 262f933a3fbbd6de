import { type Insertable, type Selectable, type Updateable } from 'kysely';
import type { FollowUpStatus, SignupFlag } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../database';
import type { WaitlistSignupsTable } from '../schema';
import { createSignupCounts, type CountParts } from './signup-counts';

/**
 * The waitlist_signups table, and nothing else: rows in, rows out, in the one shape the code uses (SignupRow).
 * No rule lives here; services/signups.ts decides what to write and when. Every function takes the executor it
 * runs on, so a service writes a sign-up and everything it causes in one transaction.
 *
 * What is derived from the rows is kept in step here, where they are written, so no other write path can forget it:
 * the search index of addresses on SQLite (signup_email_search; PostgreSQL indexes the column itself) and the
 * console's kept counts (signup-counts.ts). A new row is counted when it is folded in (`foldIntoCounts`).
 */

/** A stored sign-up: lists decoded, timestamps as ISO text, the consumer-mail flag as a boolean. */
export interface SignupRow {
  id: number;
  email: string;
  role: string;
  company_size: string;
  desired_outcomes: string[];
  other_outcome: string | null;
  consented_at: string;
  privacy_policy_version: string;
  created_at: string;
  confirmed_at: string | null;
  marketing_opt_out_at: string | null;
  /** When the first confirmation mail went out: an unconfirmed sign-up's retention clock starts here. */
  confirmation_sent_at: string | null;
  locale: string;
  status: FollowUpStatus;
  company_domain: string | null;
  free_mail: boolean;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  referrer_origin: string | null;
  landing_path: string | null;
  /** Why the sign-up may deserve a second look (contract: SIGNUP_FLAGS); empty for most. */
  flags: SignupFlag[];
  /** The partner code the person joined with (migration 11), or null. */
  partner_code_id: number | null;
}

/** A row about to be inserted: every column but the generated id. */
export type NewSignupRow = Omit<SignupRow, 'id'>;

/** The columns a change may set (the rest are history: when, consent, where from). */
export type SignupChanges = Partial<
  Pick<SignupRow, 'email' | 'role' | 'company_size' | 'desired_outcomes' | 'other_outcome' | 'company_domain' | 'free_mail'>
>;

/** Rows folded into the kept counts per transaction. */
const FOLD_BATCH = 1000;

export function createSignupStore(database: Database) {
  const { db } = database;
  const counts = createSignupCounts(database);
  const search = database.addressSearch;
  /** A row's contribution moves (before → after) when it is already counted; an uncounted one is counted later as it is. */
  const recount = async (trx: Executor, before: readonly SignupRow[], after: readonly SignupRow[], parts: CountParts) =>
    counts.change(trx, before, after, parts);
  const tsOrNull = (v: Date | string | null) => (v === null ? null : database.decodeTimestamp(v));

  const decode = (row: Selectable<WaitlistSignupsTable>): SignupRow => ({
    id: Number(row.id),
    email: row.email,
    role: row.role,
    company_size: row.company_size,
    desired_outcomes: database.decodeList(row.desired_outcomes),
    other_outcome: row.other_outcome ?? null,
    consented_at: database.decodeTimestamp(row.consented_at),
    privacy_policy_version: row.privacy_policy_version,
    created_at: database.decodeTimestamp(row.created_at),
    confirmed_at: tsOrNull(row.confirmed_at),
    marketing_opt_out_at: tsOrNull(row.marketing_opt_out_at),
    confirmation_sent_at: tsOrNull(row.confirmation_sent_at),
    locale: row.locale,
    status: row.status,
    company_domain: row.company_domain,
    free_mail: Number(row.free_mail) === 1,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_content: row.utm_content,
    utm_term: row.utm_term,
    referrer_origin: row.referrer_origin,
    landing_path: row.landing_path,
    flags: row.flags === '' ? [] : (row.flags.split(' ') as SignupFlag[]),
    partner_code_id: row.partner_code_id === null ? null : Number(row.partner_code_id),
  });

  const encode = (changes: SignupChanges): Updateable<WaitlistSignupsTable> => {
    const { desired_outcomes, free_mail, ...rest } = changes;
    return {
      ...rest,
      ...(desired_outcomes === undefined ? {} : { desired_outcomes: database.encodeList(desired_outcomes) }),
      ...(free_mail === undefined ? {} : { free_mail: free_mail ? 1 : 0 }),
    };
  };

  const encodeNew = (row: NewSignupRow): Insertable<WaitlistSignupsTable> => ({
    ...row,
    // Counted when folded in (SQLite's column default is 1 for the rows that were there before migration 12).
    counted: 0,
    flags: [...new Set(row.flags)].sort().join(' '),
    desired_outcomes: database.encodeList(row.desired_outcomes),
    free_mail: row.free_mail ? 1 : 0,
  });

  /**
   * Folds sign-ups not yet counted into the kept counts, oldest first, `limit` a transaction, until none is left or
   * `atMost` are folded. PostgreSQL: rows another copy is folding are skipped, or, with `wait` (a read about to show
   * the counts), waited for, so the read sees them counted. Answers how many it folded.
   */
  async function foldIntoCounts(limit = FOLD_BATCH, atMost = Number.POSITIVE_INFINITY, wait = false, pauseMs = 0): Promise<number> {
    const lock = wait ? database.waitLocked : database.skipLocked;
    let folded = 0;
    for (;;) {
      const n = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('waitlist_signups')
          .set({ counted: 1 })
          .where('id', 'in', lock(trx.selectFrom('waitlist_signups').select('id').where('counted', '=', 0).orderBy('id').limit(limit)))
          .returningAll()
          .execute();
        await recount(trx, [], rows.map(decode), { daily: true, current: true });
        return rows.length;
      });
      folded += n;
      if (n < limit || folded >= atMost) return folded;
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

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

    /** Every sign-up's id and address, in batches by id (a restore applies the erasure ledger to each). */
    async *addresses(batchSize = 1000): AsyncGenerator<{ id: number; email: string }[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('waitlist_signups')
          .select(['id', 'email'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return;
        yield rows.map((r) => ({ id: Number(r.id), email: r.email }));
        after = Number(rows.at(-1)!.id);
      }
    },

    /** Which of these addresses (as stored: trimmed, lower case) are on the list (an import's check). */
    async knownEmails(emails: readonly string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('waitlist_signups')
        .select('email')
        .where('email', 'in', [...emails])
        .execute();
      return rows.map((r) => r.email);
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

    /**
     * What a console read folds in before it reads the counts: one batch at most, so a read never waits for a backlog
     * (a big import folds its rows itself; the housekeeping job folds the rest within 30 s).
     */
    /**
     * Folds everything pending, `limit` rows a transaction; `pauseMs` between them lets another process's writers in
     * (SQLite has one writer, and one that commits back to back starves the others).
     */
    foldIntoCounts: ({ limit = FOLD_BATCH, pauseMs = 0 }: { limit?: number; pauseMs?: number } = {}) =>
      foldIntoCounts(limit, Number.POSITIVE_INFINITY, false, pauseMs),
    foldBeforeRead: () => foldIntoCounts(FOLD_BATCH, FOLD_BATCH, true),

    /** The people on the list now (as counted), and how many of them use free mail. */
    totals: (executor: Executor = db) => counts.totals(executor),

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
