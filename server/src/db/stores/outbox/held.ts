import type { Database, Executor } from '../../connection';

/**
 * Confirmation mails held for the mail budget (services/mail-budget.ts, docs/decisions/0017): queued with `held`,
 * freed oldest first as the budget allows, never dropped.
 */
export function outboxHeld(database: Database) {
  const { db } = database;
  const waiting = (executor: Executor) => executor.selectFrom('outbox').where('held', '=', 1).where('status', '=', 'pending');
  return {
    /** Whether any mail waits for the budget (one indexed probe: the worker asks before each round). */
    async anyHeld(): Promise<boolean> {
      return (await waiting(db).select('id').limit(1).execute()).length > 0;
    },

    /** How many mails wait for a budget right now (the console says so). */
    async heldCount(): Promise<number> {
      const row = await waiting(db)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Frees up to `count` held mails, oldest first; answers how many it freed. */
    async releaseHeld(trx: Executor, count: number): Promise<number> {
      const due = waiting(trx).select('id').orderBy('id').limit(count);
      const released = await trx.updateTable('outbox').set({ held: 0 }).where('id', 'in', due).executeTakeFirst();
      return Number(released.numUpdatedRows);
    },
  };
}
