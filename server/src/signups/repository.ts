import { createHash } from 'node:crypto';
import { PRIVACY_POLICY_VERSION, EMAIL_UNIQUE_CONSTRAINT, type AdminSignup, type SignupBody } from '@waitlist/contract';
import type { Database } from '../db/connection';
import { classifyDbError } from '../db/errors';
import { createSignupBatcher } from './batcher';

export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate email');
  }
}
export class CheckViolationError extends Error {
  constructor(readonly constraint: string) {
    super(`check violation: ${constraint}`);
  }
}
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super('idempotency key reused with a different body');
  }
}
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
  }
}

/** A stored sign-up as the server hands it out: the contract's shape, shared with the console. */
export type SignupRow = AdminSignup;

export type InsertOutcome = 'created' | 'replayed';

/** How long a retry may reuse an Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export function requestHash(signup: SignupBody): string {
  return createHash('sha256').update(JSON.stringify(signup)).digest('hex');
}

export interface SignupsRepositoryOptions {
  /** Group-commit window in ms (signups/batcher.ts); 0 writes each sign-up in its own transaction. */
  batchWindowMs?: number;
}

export function createSignupsRepository(database: Database, options: SignupsRepositoryOptions = {}) {
  const { db } = database;
  const batcher = options.batchWindowMs ? createSignupBatcher(database, options.batchWindowMs) : undefined;

  const toRow = (row: Record<string, unknown>): SignupRow => ({
    id: Number(row.id),
    email: String(row.email),
    role: String(row.role),
    company_size: String(row.company_size),
    desired_outcomes: database.decodeList(row.desired_outcomes),
    other_outcome: (row.other_outcome as string | null) ?? null,
    consented_at: database.decodeTimestamp(row.consented_at as string),
    privacy_policy_version: String(row.privacy_policy_version),
    created_at: database.decodeTimestamp(row.created_at as string),
  });

  /** Translates a driver error; rethrows anything that is not a known constraint or outage. */
  const translate = (error: unknown): never => {
    const failure = classifyDbError(error);
    if (failure.kind === 'unique' && failure.constraint === EMAIL_UNIQUE_CONSTRAINT) throw new DuplicateEmailError();
    if (failure.kind === 'check') throw new CheckViolationError(failure.constraint);
    if (failure.kind === 'unavailable') throw new DatabaseUnavailableError(error);
    throw error;
  };

  async function replayOf(key: string, hash: string): Promise<boolean | undefined> {
    const existing = await db.selectFrom('idempotency_keys').select('request_hash').where('key', '=', key).executeTakeFirst();
    if (!existing) return undefined;
    if (existing.request_hash !== hash) throw new IdempotencyKeyReusedError();
    return true;
  }

  return {
    /**
     * Stores one sign-up. With an idempotency key, a retry of the same body answers 'replayed' instead of a
     * duplicate error, even when the retry races the original (the key row commits with the sign-up).
     */
    async insert(signup: SignupBody, idempotencyKey?: string): Promise<InsertOutcome> {
      const hash = idempotencyKey ? requestHash(signup) : '';
      try {
        if (idempotencyKey && (await replayOf(idempotencyKey, hash))) return 'replayed';
        const now = new Date().toISOString();
        const values = {
          email: signup.email,
          role: signup.role,
          company_size: signup.company_size,
          desired_outcomes: database.encodeList(signup.desired_outcomes),
          other_outcome: signup.other_outcome ?? null,
          consented_at: now,
          privacy_policy_version: PRIVACY_POLICY_VERSION,
          created_at: now,
        };
        if (batcher) {
          // Same rows, same errors, committed together with other sign-ups of the same few milliseconds.
          await batcher.insert({ values, idempotencyKey, requestHash: hash });
          return 'created';
        }
        await db.transaction().execute(async (trx) => {
          const { id } = await trx.insertInto('waitlist_signups').values(values).returning('id').executeTakeFirstOrThrow();
          if (idempotencyKey) {
            await trx.insertInto('idempotency_keys').values({ key: idempotencyKey, request_hash: hash, signup_id: id, created_at: now }).execute();
          }
        });
        return 'created';
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) throw error;
        const failure = classifyDbError(error);
        // Lost the race against our own earlier attempt: the first one committed, so this one is a replay.
        if (idempotencyKey && failure.kind === 'unique') {
          const replay = await replayOf(idempotencyKey, hash).catch(translate);
          if (replay) return 'replayed';
        }
        return translate(error);
      }
    },

    async findByEmail(email: string): Promise<SignupRow | undefined> {
      const row = await db.selectFrom('waitlist_signups').selectAll().where('email', '=', email).executeTakeFirst().catch(translate);
      return row ? toRow(row as Record<string, unknown>) : undefined;
    },

    async count(): Promise<number> {
      const { n } = await db
        .selectFrom('waitlist_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .catch(translate);
      return Number(n);
    },

    /** Forgets idempotency keys older than the TTL (they hold a hash of personal data). */
    async pruneIdempotencyKeys(now = Date.now()): Promise<number> {
      const cutoff = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
      const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst().catch(translate);
      return Number(result.numDeletedRows);
    },

    /** Waits for queued group-commit batches (shutdown). */
    async drain(): Promise<void> {
      await batcher?.drain();
    },

    toRow,
    translate,
  };
}

export type SignupsRepository = ReturnType<typeof createSignupsRepository>;
