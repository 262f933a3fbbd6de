import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { classifyDbError } from '../db/errors';

export interface Operator {
  id: number;
  email: string;
  created_at: string;
}

export class OperatorExistsError extends Error {
  constructor() {
    super('an operator with this e-mail already exists');
  }
}

/** Per-account lockout: this many consecutive failures lock the account for LOCKOUT_MS. */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
/** A session's expiry is pushed forward at most this often (one write per minute per operator, not per request). */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const normalizeOperatorEmail = (email: string) => email.trim().toLowerCase();

export type AuditAction = 'erase' | 'correct' | 'export';

/** Operators, their sessions, the sign-in throttle and the audit log: the admin side of the one Kysely layer. */
export function createOperatorsRepository(database: Database, options: { sessionIdleMs: number }) {
  const { db } = database;
  const iso = (ms: number) => new Date(ms).toISOString();
  const toOperator = (row: { id: number; email: string; created_at: Date | string }): Operator => ({
    id: Number(row.id),
    email: row.email,
    created_at: database.decodeTimestamp(row.created_at),
  });

  return {
    async add(email: string, passwordHash: string): Promise<Operator> {
      try {
        const row = await db
          .insertInto('operators')
          .values({ email: normalizeOperatorEmail(email), password_hash: passwordHash, created_at: iso(Date.now()) })
          .returning(['id', 'email', 'created_at'])
          .executeTakeFirstOrThrow();
        return toOperator(row);
      } catch (error) {
        if (classifyDbError(error).kind === 'unique') throw new OperatorExistsError();
        throw error;
      }
    },

    async list(): Promise<Operator[]> {
      const rows = await db.selectFrom('operators').select(['id', 'email', 'created_at']).orderBy('email').execute();
      return rows.map(toOperator);
    },

    /** Removes the operator and (by cascade) every session of theirs. */
    async remove(email: string): Promise<boolean> {
      const result = await db.deleteFrom('operators').where('email', '=', normalizeOperatorEmail(email)).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findForSignIn(email: string) {
      return db
        .selectFrom('operators')
        .select(['id', 'password_hash'])
        .where('email', '=', normalizeOperatorEmail(email))
        .executeTakeFirst()
        .then((row) => (row ? { id: Number(row.id), passwordHash: row.password_hash } : undefined));
    },

    /**
     * Counts a sign-in attempt for this account key before the password is checked, atomically (one upsert), so
     * parallel guesses cannot slip past the limit. Answers the lock's end (ms) when this attempt must be refused.
     */
    async registerAttempt(accountKey: string, now = Date.now()): Promise<number | null> {
      const nowIso = iso(now);
      const row = await db
        .insertInto('operator_login_throttle')
        .values({ account_key: accountKey, failures: 1, locked_until: null, updated_at: nowIso })
        .onConflict((oc) =>
          oc.column('account_key').doUpdateSet({
            // A lock that has run out starts a fresh count.
            failures: sql<number>`CASE WHEN operator_login_throttle.locked_until IS NOT NULL AND operator_login_throttle.locked_until <= ${nowIso} THEN 1 ELSE operator_login_throttle.failures + 1 END`,
            locked_until: sql<string | null>`CASE WHEN operator_login_throttle.locked_until IS NOT NULL AND operator_login_throttle.locked_until <= ${nowIso} THEN NULL ELSE operator_login_throttle.locked_until END`,
            updated_at: nowIso,
          }),
        )
        .returning(['failures', 'locked_until'])
        .executeTakeFirstOrThrow();
      const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : null;
      if (lockedUntil && lockedUntil > now) return lockedUntil;
      // More attempts in flight than allowed: refuse the surplus even before the lock is written.
      if (Number(row.failures) > LOCKOUT_FAILURES) return now + LOCKOUT_MS;
      return null;
    },

    /** After a wrong password: the LOCKOUT_FAILURES-th attempt in a row locks the account key. */
    async recordFailure(accountKey: string, now = Date.now()): Promise<void> {
      await db
        .updateTable('operator_login_throttle')
        .set({ locked_until: iso(now + LOCKOUT_MS), updated_at: iso(now) })
        .where('account_key', '=', accountKey)
        .where('failures', '>=', LOCKOUT_FAILURES)
        .where('locked_until', 'is', null)
        .execute();
    },

    async clearFailures(accountKey: string): Promise<void> {
      await db.deleteFrom('operator_login_throttle').where('account_key', '=', accountKey).execute();
    },

    /** A new random token for every sign-in (no fixation); only its SHA-256 is stored. */
    async createSession(operatorId: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now + options.sessionIdleMs;
      await db
        .insertInto('operator_sessions')
        .values({ token_hash: sha256(token), operator_id: operatorId, created_at: iso(now), last_seen_at: iso(now), expires_at: iso(expiresAt) })
        .execute();
      return { token, expiresAt };
    },

    /** The session's operator, sliding its idle expiry forward; undefined when unknown or expired. */
    async resolveSession(token: string, now = Date.now()): Promise<{ operatorId: number; email: string } | undefined> {
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
          .set({ last_seen_at: iso(now), expires_at: iso(now + options.sessionIdleMs) })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return { operatorId: Number(row.operator_id), email: row.email };
    },

    async deleteSession(token: string): Promise<void> {
      await db.deleteFrom('operator_sessions').where('token_hash', '=', sha256(token)).execute();
    },

    async pruneExpired(now = Date.now()): Promise<void> {
      await db.deleteFrom('operator_sessions').where('expires_at', '<=', iso(now)).execute();
      await db.deleteFrom('operator_login_throttle').where('updated_at', '<', iso(now - 24 * 60 * 60 * 1000)).execute();
    },

    async audit(entry: { action: AuditAction; operatorId: number; signupId: number | null; fields?: string[] }): Promise<void> {
      await db
        .insertInto('admin_audit_log')
        .values({
          action: entry.action,
          operator_id: entry.operatorId,
          signup_id: entry.signupId,
          fields: entry.fields?.length ? entry.fields.join(',') : null,
          created_at: iso(Date.now()),
        })
        .execute();
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
