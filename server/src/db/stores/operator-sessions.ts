import { randomToken, sha256 } from '../../lib/crypto';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import type { OperatorRole } from '../schema';

/** A session's expiry is pushed forward at most this often (one write per minute per operator, not per request). */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** How much of a session's hash names it to its operator (never enough to act as the token). */
const SESSION_ID_LENGTH = 16;

const iso = (ms: number) => new Date(ms).toISOString();

export interface OperatorSessionSummary {
  /** The first characters of the token's hash: names the session, grants nothing. */
  id: string;
  startedAt: string;
  lastUsedAt: string;
  userAgent: string | null;
}

/**
 * Console sessions: a random token in the cookie, only its SHA-256 here. A session ends after `idleMs` without a
 * request (sliding) and, however busy, `maxMs` after it started (absolute).
 */
export function createOperatorSessions(database: Database, options: { idleMs: number; maxMs: number }) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  /** The later of idle and absolute expiry can never pass the absolute one. */
  const expiryFrom = (now: number, startedAt: number) => Math.min(now + options.idleMs, startedAt + options.maxMs);

  return {
    /** A new random token for every sign-in (no fixation). */
    async create(
      executor: Executor,
      operatorId: number,
      userAgent: string | undefined,
      now = Date.now(),
    ): Promise<{ token: string; expiresAt: number }> {
      const token = randomToken();
      const expiresAt = expiryFrom(now, now);
      await executor
        .insertInto('operator_sessions')
        .values({
          token_hash: sha256(token),
          operator_id: operatorId,
          created_at: iso(now),
          last_seen_at: iso(now),
          expires_at: iso(expiresAt),
          user_agent: userAgent ? userAgent.slice(0, 300) : null,
        })
        .execute();
      return { token, expiresAt };
    },

    /** The session's operator, sliding its idle expiry forward (never past the absolute one); undefined when ended. */
    async resolve(
      token: string,
      now = Date.now(),
    ): Promise<
      | {
          operatorId: number;
          email: string;
          role: OperatorRole;
          totp: boolean;
          passkeys: number;
          sessionId: string;
          expiresAt: number;
          /** When the operator last proved who they are in this session (the sign-in, or a proof since). */
          provedAt: number;
          /** A viewer sees addresses masked unless an owner let them see them whole. */
          seesAddresses: boolean;
        }
      | undefined
    > {
      const tokenHash = sha256(token);
      const row = await db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select((eb) => [
          'operator_sessions.operator_id',
          'operator_sessions.created_at',
          'operator_sessions.expires_at',
          'operator_sessions.last_seen_at',
          'operator_sessions.proved_at',
          'operators.email',
          'operators.role',
          'operators.totp_secret',
          'operators.sees_addresses',
          eb
            .selectFrom('operator_passkeys')
            .select((p) => p.fn.countAll<number>().as('n'))
            .whereRef('operator_passkeys.operator_id', '=', 'operator_sessions.operator_id')
            .as('passkeys'),
        ])
        .where('operator_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const startedAt = new Date(ts(row.created_at)).getTime();
      let expiresAt = new Date(ts(row.expires_at)).getTime();
      if (expiresAt <= now || startedAt + options.maxMs <= now) {
        await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
        return undefined;
      }
      if (now - new Date(ts(row.last_seen_at)).getTime() >= TOUCH_INTERVAL_MS) {
        expiresAt = expiryFrom(now, startedAt);
        await db
          .updateTable('operator_sessions')
          .set({ last_seen_at: iso(now), expires_at: iso(expiresAt) })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return {
        operatorId: Number(row.operator_id),
        email: row.email,
        role: row.role,
        totp: row.totp_secret !== null,
        passkeys: Number(row.passkeys ?? 0),
        sessionId: tokenHash.slice(0, SESSION_ID_LENGTH),
        expiresAt,
        provedAt: row.proved_at ? new Date(ts(row.proved_at)).getTime() : startedAt,
        seesAddresses: row.role !== 'viewer' || Number(row.sees_addresses) === 1,
      };
    },

    /** The operator proved who they are again in this session (password and second factor, or a passkey). */
    async markProved(executor: Executor, token: string, at: string): Promise<void> {
      await executor.updateTable('operator_sessions').set({ proved_at: at }).where('token_hash', '=', sha256(token)).execute();
    },

    /** An operator's live sessions, the most recently used first. */
    async listFor(operatorId: number, now = Date.now()): Promise<OperatorSessionSummary[]> {
      const rows = await db
        .selectFrom('operator_sessions')
        .select(['token_hash', 'created_at', 'last_seen_at', 'user_agent'])
        .where('operator_id', '=', operatorId)
        .where('expires_at', '>', iso(now))
        .orderBy('last_seen_at', 'desc')
        .execute();
      return rows
        .filter((r) => new Date(ts(r.created_at)).getTime() + options.maxMs > now)
        .map((r) => ({
          id: r.token_hash.slice(0, SESSION_ID_LENGTH),
          startedAt: ts(r.created_at),
          lastUsedAt: ts(r.last_seen_at),
          userAgent: r.user_agent,
        }));
    },

    /** Ends one of an operator's sessions by its id; false when they have none by that id. */
    async endFor(executor: Executor, operatorId: number, sessionId: string): Promise<boolean> {
      if (!/^[0-9a-f]{16}$/.test(sessionId)) return false;
      const result = await executor
        .deleteFrom('operator_sessions')
        .where('operator_id', '=', operatorId)
        .where('token_hash', 'like', `${sessionId}%`)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Ends every session of an operator but the one named; answers how many ended. */
    async endOthers(executor: Executor, operatorId: number, keepSessionId: string): Promise<number> {
      const result = await executor
        .deleteFrom('operator_sessions')
        .where('operator_id', '=', operatorId)
        .where('token_hash', 'not like', `${keepSessionId}%`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Ends every session of an operator (a role changed, second factors reset), in the change that causes it. */
    async endAll(trx: Executor, operatorId: number): Promise<void> {
      await trx.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
    },

    async delete(token: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('operator_sessions').where('token_hash', '=', sha256(token)).execute();
    },

    async pruneExpired(now = Date.now()): Promise<number> {
      const result = await db.deleteFrom('operator_sessions').where('expires_at', '<=', iso(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
