import type { Database } from '../connection';
import type { Executor } from '../connection';

/** Another copy changed the bucket between our read and our write: read again. */
class LostRace extends Error {}

/** A bucket's size and how fast it refills. */
export interface BucketShape {
  capacity: number;
  perMs: number;
}

/**
 * Mail budgets as token buckets in the database, so every copy draws from the same one: a bucket holds at most
 * `perHour` tokens and refills at `perHour` an hour; each held outbox row it frees costs one. The bucket is read and
 * then written by a compare-and-set on its last state (a copy that lost the race reads again), and the rows are
 * freed in the same transaction, so two copies never spend one token twice. Its time only moves forward, so copies
 * whose clocks differ never refill the same interval twice.
 */
export function createMailBudgetStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => new Date(database.decodeTimestamp(v)).getTime();
  /** Tokens a bucket holds at `now`: what it had, refilled for the time since, never above its size. */
  const refilled = (bucket: { tokens: number; updated_at: Date | string }, shape: BucketShape, now: Date) =>
    Math.min(shape.capacity, bucket.tokens + Math.max(0, now.getTime() - ts(bucket.updated_at)) * shape.perMs);

  /**
   * Runs `spend` on the bucket's tokens as of `now` and stores what it leaves, by compare-and-set on the state it read
   * (a copy that lost the race reads again). A missing bucket is made full.
   */
  async function withBucket<T>(
    name: string,
    shape: BucketShape,
    now: Date,
    spend: (trx: Executor, tokens: number) => Promise<{ left: number; result: T }>,
  ): Promise<T> {
    for (;;) {
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const bucket = await trx.selectFrom('mail_budgets').selectAll().where('name', '=', name).executeTakeFirst();
          if (!bucket) {
            await trx
              .insertInto('mail_budgets')
              .values({ name, tokens: shape.capacity, updated_at: now.toISOString() })
              .onConflict((oc) => oc.column('name').doNothing())
              .execute();
            return { retry: true as const };
          }
          const { left, result } = await spend(trx, refilled(bucket, shape, now));
          // Never back in time: a copy whose clock (or `now`) is behind the last write would otherwise refill the same
          // minutes twice when the next one comes.
          const stamp = new Date(Math.max(now.getTime(), ts(bucket.updated_at))).toISOString();
          const written = await trx
            .updateTable('mail_budgets')
            .set({ tokens: left, updated_at: stamp })
            .where('name', '=', name)
            .where('tokens', '=', bucket.tokens)
            .where('updated_at', '=', bucket.updated_at)
            .executeTakeFirst();
          if (Number(written.numUpdatedRows) !== 1) throw new LostRace();
          return { retry: false as const, result };
        })
        .catch((error: unknown) => {
          if (error instanceof LostRace) return { retry: true as const };
          throw error;
        });
      if (!outcome.retry) return outcome.result;
    }
  }

  return {
    /** Takes up to `want` whole tokens from the bucket `name` (made full when new); answers how many it got. */
    take: (name: string, shape: BucketShape, want: number, now: Date) =>
      withBucket(name, shape, now, async (_trx, tokens) => {
        const got = Math.max(0, Math.min(want, Math.floor(tokens)));
        return { left: tokens - got, result: got };
      }),

    /** Returns tokens taken but not used (never above the bucket's size). */
    giveBack: (name: string, shape: BucketShape, unused: number, now: Date) =>
      withBucket(name, shape, now, async (_trx, tokens) => ({ left: Math.min(shape.capacity, tokens + unused), result: undefined })),

    /** Frees as many held mails (oldest first) as the bucket allows right now; answers how many it freed. */
    async release(input: { name: string; perHour: number; now: Date }): Promise<number> {
      const { name, perHour, now } = input;
      const waiting = await db.selectFrom('outbox').select('id').where('held', '=', 1).where('status', '=', 'pending').limit(1).execute();
      if (waiting.length === 0) return 0;
      // The rows are freed in the bucket's own transaction, so a token is never spent twice.
      return withBucket(name, { capacity: perHour, perMs: perHour / 3_600_000 }, now, async (trx, tokens) => {
        const affordable = Math.floor(tokens);
        if (affordable < 1) return { left: tokens, result: 0 };
        const due = trx
          .selectFrom('outbox')
          .select('id')
          .where('held', '=', 1)
          .where('status', '=', 'pending')
          .orderBy('id')
          .limit(affordable);
        const released = await trx.updateTable('outbox').set({ held: 0 }).where('id', 'in', due).executeTakeFirst();
        const count = Number(released.numUpdatedRows);
        return { left: tokens - count, result: count };
      });
    },

    /** How many mails wait for a budget right now (the console says so). */
    async heldCount(): Promise<number> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('held', '=', 1)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type MailBudgetStore = ReturnType<typeof createMailBudgetStore>;
