import { randomToken, sha256 } from '../../lib/crypto';
import type { Database } from '../connection';

/** A session's expiry is pushed forward at most this often (one write per minute per operator, not per request). */
const TOUCH_INTERVAL_MS = 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Console sessions: a random token in the cookie, only its SHA-256 here, a sliding idle expiry. */
export function createOperatorSessions(database: Database, options: { idleMs: number }) {
  const { db } = database;

  return {
    /** A new random token for every sign-in (no fixation). */
    async create(operatorId: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
      const token = randomToken();
      const expiresAt = now + options.idleMs;
      await db
        .insertInto('operator_sessions')
        .values({
          token_hash: sha256(token),
          operator_id: operatorId,
          created_at: iso(now),
          last_seen_at: iso(now),
          expires_at: iso(expiresAt),
        })
        .execute();
      return { token, expiresAt };
    },

    /** The session's operator, sliding its idle expiry forward; undefined when unknown or expired. */
    async resolve(token: string, now = Date.now()): Promise<{ operatorId: number; email: string } | undefined> {
      const tokenHash = sha256(token);
      const row = await db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select(['operator_sessions.operator_id', 'operator_sessions.expires_at', 'operator_sessions.last_seen_at', 'operators.email'])
        .where('operator_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      if (new Date(row.expires_at).getTime() <= now) {
        await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
        return undefined;
      }
      if (now - new Date(row.last_seen_at).getTime() >= TOUCH_INTERVAL_MS) {
        await db
          .updateTable('operator_sessions')
          .set({ last_seen_at: iso(now), expires_at: iso(now + options.idleMs) })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return { operatorId: Number(row.operator_id), email: row.email };
    },

    async delete(token: string): Promise<void> {
      await db.deleteFrom('operator_sessions').where('token_hash', '=', sha256(token)).execute();
    },

    async pruneExpired(now = Date.now()): Promise<number> {
      const result = await db.deleteFrom('operator_sessions').where('expires_at', '<=', iso(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
