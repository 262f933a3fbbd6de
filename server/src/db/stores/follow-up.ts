import type { AdminFollowUp, FollowUpStatus } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import { translateDbError } from '../errors';

export interface StatusChange {
  signupId: number;
  from: string;
  to: FollowUpStatus;
  operatorId: number;
  at: string;
}

/**
 * The founders' follow-up of a person: signup_notes (author and time) and signup_status_log (every status change
 * with its operator; it has no foreign key, so the history survives an erasure without the address).
 */
export function createFollowUpStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  return {
    async logStatusChanges(trx: Executor, changes: readonly StatusChange[]): Promise<void> {
      if (changes.length === 0) return;
      await trx
        .insertInto('signup_status_log')
        .values(
          changes.map((c) => ({
            signup_id: c.signupId,
            from_status: c.from,
            to_status: c.to,
            operator_id: c.operatorId,
            created_at: c.at,
          })),
        )
        .execute();
    },

    /** A note about a person (the caller has checked, in `executor`'s change, that they are there). */
    async addNote(executor: Executor, signupId: number, author: string, body: string, at: string): Promise<void> {
      await executor.insertInto('signup_notes').values({ signup_id: signupId, author, body, created_at: at }).execute();
    },

    /** The founders' notes about a person without who wrote them, oldest first: for the person's own copy of their data. */
    async notesFor(signupId: number): Promise<{ note: string; written_at: string }[]> {
      const rows = await db
        .selectFrom('signup_notes')
        .select(['body', 'created_at'])
        .where('signup_id', '=', signupId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ note: r.body, written_at: ts(r.created_at) }));
    },

    async followUp(signupId: number): Promise<AdminFollowUp> {
      const [notes, history] = await Promise.all([
        db.selectFrom('signup_notes').selectAll().where('signup_id', '=', signupId).orderBy('id', 'desc').limit(500).execute(),
        db
          .selectFrom('signup_status_log')
          .leftJoin('operators', 'operators.id', 'signup_status_log.operator_id')
          .select([
            'signup_status_log.from_status',
            'signup_status_log.to_status',
            'signup_status_log.created_at',
            'operators.email as operator',
          ])
          .where('signup_status_log.signup_id', '=', signupId)
          .orderBy('signup_status_log.id', 'desc')
          .limit(500)
          .execute(),
      ]).catch(translateDbError);
      return {
        notes: notes.map((n) => ({ id: Number(n.id), author: n.author, body: n.body, created_at: ts(n.created_at) })),
        history: history.map((h) => ({
          from_status: h.from_status,
          to_status: h.to_status,
          operator: h.operator,
          created_at: ts(h.created_at),
        })),
      };
    },
  };
}

export type FollowUpStore = ReturnType<typeof createFollowUpStore>;
