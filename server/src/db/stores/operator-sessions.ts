import { sha256 } from '../../lib/crypto';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import type { OperatorRole } from '../schema';

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

/** A session's row as read by its token, with what the guard needs of its operator. */
export interface OperatorSessionRow {
  operatorId: number;
  email: string;
  role: OperatorRole;
  totp: boolean;
  passkeys: number;
  sessionId: string;
  startedAt: number;
  expiresAt: number;
  lastSeenAt: number;
  provedAt: number | null;
  /** An owner let this operator see whole addresses (`sees_addresses`; what a role sees: services/operator-sessions.ts). */
  addressesGranted: boolean;
}

/**
 * Console sessions (table `operator_sessions`): a random token in the cookie, only its SHA-256 here. How long one
 * lives is services/operator-sessions.ts's (lib/session-expiry.ts): this store writes the times it is given.
 */
export function createOperatorSessions(database: Database) {
  const { db } = database;
  const ms = (v: Date | string) => new Date(database.decodeTimestamp(v)).getTime();

  return {
    async create(
      trx: Executor,
      session: { tokenHash: string; operatorId: number; userAgent: string | undefined; at: number; expiresAt: number },
    ): Promise<void> {
      await trx
        .insertInto('operator_sessions')
        .values({
          token_hash: session.tokenHash,
          operator_id: session.operatorId,
          created_at: iso(session.at),
          last_seen_at: iso(session.at),
          expires_at: iso(session.expiresAt),
          user_agent: session.userAgent ? session.userAgent.slice(0, 300) : null,
        })
        .execute();
    },

    /** The session whose token has this hash, and its operator; undefined when there is none. */
    async find(tokenHash: string): Promise<OperatorSessionRow | undefined> {
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
      return {
        operatorId: Number(row.operator_id),
        email: row.email,
        role: row.role,
        totp: row.totp_secret !== null,
        passkeys: Number(row.passkeys ?? 0),
        sessionId: tokenHash.slice(0, SESSION_ID_LENGTH),
        startedAt: ms(row.created_at),
        expiresAt: ms(row.expires_at),
        lastSeenAt: ms(row.last_seen_at),
        provedAt: row.proved_at ? ms(row.proved_at) : null,
        addressesGranted: Number(row.sees_addresses) === 1,
      };
    },

    /** The session was used at `at`: it now ends at `expiresAt`. */
    async touch(trx: Executor, tokenHash: string, at: number, expiresAt: number): Promise<void> {
      await trx
        .updateTable('operator_sessions')
        .set({ last_seen_at: iso(at), expires_at: iso(expiresAt) })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    /** Ends the session whose token has this hash. */
    async end(trx: Executor, tokenHash: string): Promise<void> {
      await trx.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** The operator proved who they are again in this session (password and second factor, or a passkey). */
    async markProved(trx: Executor, token: string, at: string): Promise<void> {
      await trx.updateTable('operator_sessions').set({ proved_at: at }).where('token_hash', '=', sha256(token)).execute();
    },

    /** An operator's sessions not yet idle at `now`, the most recently used first. */
    async listFor(operatorId: number, now: number): Promise<(OperatorSessionSummary & { startedAtMs: number })[]> {
      const rows = await db
        .selectFrom('operator_sessions')
        .select(['token_hash', 'created_at', 'last_seen_at', 'user_agent'])
        .where('operator_id', '=', operatorId)
        .where('expires_at', '>', iso(now))
        .orderBy('last_seen_at', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.token_hash.slice(0, SESSION_ID_LENGTH),
        startedAt: database.decodeTimestamp(r.created_at),
        startedAtMs: ms(r.created_at),
        lastUsedAt: database.decodeTimestamp(r.last_seen_at),
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

    /** Deletes the sessions past their expiry (housekeeping). */
    async pruneExpired(now = Date.now()): Promise<number> {
      const result = await db.deleteFrom('operator_sessions').where('expires_at', '<=', iso(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
