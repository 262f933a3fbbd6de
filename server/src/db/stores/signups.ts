import type { Transaction, Updateable } from 'kysely';
import { DEFAULT_LOCALE, PRIVACY_POLICY_VERSION, type AdminCorrection, type AdminSignup, type SignupBody } from '@waitlist/contract';
import { companyOf } from '../../lib/company';
import { sha256 } from '../../lib/crypto';
import type { MetricsRecorder } from '../../lib/metrics';
import type { Database } from '../connection';
import { DuplicateEmailError, IdempotencyKeyReusedError, classifyDbError, translateDbError } from '../errors';
import type { Schema, WaitlistSignupsTable } from '../schema';
import { toSignup, type NewSignupRecord, type WriteAlongside } from './signup-record';
import { recordAudit } from './audit-log';
import { keepErasedCounts } from './erased-counts';
import { createSignupBatcher } from './signup-batcher';
export { toSignup, type NewSignupRecord, type SignupRecord, type StoredSignup, type WriteAlongside } from './signup-record';
import type { WebhookEvents } from './webhook-events';

export type InsertOutcome = 'created' | 'replayed';

/** How long a retry may reuse an Idempotency-Key: the keys hold a hash of personal data. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const requestHash = (signup: SignupBody) => sha256(JSON.stringify(signup));

export interface SignupsRepositoryOptions {
  /** Group-commit window in ms (signup-batcher.ts); 0 writes each sign-up in its own transaction. */
  batchWindowMs?: number;
  writeAlongside?: WriteAlongside;
  /**
   * Called when an address that is already on the list signs up again (before the duplicate error is raised),
   * e.g. to re-send an unconfirmed person's confirmation. It handles its own failures: the answer stays a 409.
   */
  onDuplicate?: (email: string) => Promise<void>;
  /** Group-commit batch sizes go to /metrics. */
  metrics?: MetricsRecorder;
  /** Operators' corrections and erasures are announced to webhooks in their own transaction. */
  webhooks?: WebhookEvents;
}

/** waitlist_signups and its idempotency keys: storing, reading, correcting and erasing one person. */
export function createSignupsRepository(database: Database, options: SignupsRepositoryOptions = {}) {
  const { db } = database;
  const { writeAlongside } = options;
  const batcher = options.batchWindowMs
    ? createSignupBatcher(database, { windowMs: options.batchWindowMs, writeAlongside, metrics: options.metrics })
    : undefined;

  async function replayOf(key: string, hash: string): Promise<boolean | undefined> {
    const existing = await db.selectFrom('idempotency_keys').select('request_hash').where('key', '=', key).executeTakeFirst();
    if (!existing) return undefined;
    if (existing.request_hash !== hash) throw new IdempotencyKeyReusedError();
    return true;
  }

  const findOne = (trx: Transaction<Schema> | Database['db'], id: number) =>
    trx.selectFrom('waitlist_signups').selectAll().where('id', '=', id).executeTakeFirst();

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
        const company = companyOf(signup.email);
        const record: NewSignupRecord = {
          email: signup.email,
          role: signup.role,
          company_size: signup.company_size,
          desired_outcomes: database.encodeList(signup.desired_outcomes),
          other_outcome: signup.other_outcome ?? null,
          consented_at: now,
          privacy_policy_version: PRIVACY_POLICY_VERSION,
          created_at: now,
          locale: signup.locale ?? DEFAULT_LOCALE,
          confirmed_at: null,
          marketing_opt_out_at: null,
          confirmation_sent_at: null,
          utm_source: signup.utm_source ?? null,
          utm_medium: signup.utm_medium ?? null,
          utm_campaign: signup.utm_campaign ?? null,
          utm_content: signup.utm_content ?? null,
          utm_term: signup.utm_term ?? null,
          referrer_origin: signup.referrer_origin ?? null,
          landing_path: signup.landing_path ?? null,
          company_domain: company.domain,
          free_mail: company.freeMail ? 1 : 0,
          status: 'new',
        };
        if (batcher) {
          // Same rows, same errors, committed together with other sign-ups of the same few milliseconds.
          await batcher.insert({ record, idempotencyKey, requestHash: hash });
          return 'created';
        }
        await db.transaction().execute(async (trx) => {
          const { id } = await trx.insertInto('waitlist_signups').values(record).returning('id').executeTakeFirstOrThrow();
          if (idempotencyKey) {
            await trx
              .insertInto('idempotency_keys')
              .values({ key: idempotencyKey, request_hash: hash, signup_id: id, created_at: now })
              .execute();
          }
          await writeAlongside?.(trx, [{ id: Number(id), record }]);
        });
        return 'created';
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) throw error;
        // Lost the race against our own earlier attempt: the first one committed, so this one is a replay.
        if (idempotencyKey && classifyDbError(error).kind === 'unique') {
          const replay = await replayOf(idempotencyKey, hash).catch(translateDbError);
          if (replay) return 'replayed';
        }
        try {
          return translateDbError(error);
        } catch (translated) {
          if (translated instanceof DuplicateEmailError && options.onDuplicate) await options.onDuplicate(signup.email);
          throw translated;
        }
      }
    },

    async findByEmail(email: string): Promise<AdminSignup | undefined> {
      const row = await db.selectFrom('waitlist_signups').selectAll().where('email', '=', email).executeTakeFirst().catch(translateDbError);
      return row ? toSignup(database, row) : undefined;
    },

    async findById(id: number): Promise<AdminSignup | undefined> {
      const row = await findOne(db, id).catch(translateDbError);
      return row ? toSignup(database, row) : undefined;
    },

    async count(): Promise<number> {
      const { n } = await db
        .selectFrom('waitlist_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .catch(translateDbError);
      return Number(n);
    },

    /** Applies an operator's correction and audits the changed field names; answers the row and those names. */
    async correct(
      id: number,
      correction: AdminCorrection,
      operatorId: number,
    ): Promise<{ signup: AdminSignup; changed: string[] } | undefined> {
      return db
        .transaction()
        .execute(async (trx) => {
          const row = await findOne(trx, id);
          if (!row) return undefined;
          const current = toSignup(database, row);
          const next = { ...correction };
          // Outcomes are a set; an emptied "Other" text is no text.
          if (next.desired_outcomes) next.desired_outcomes = [...new Set(next.desired_outcomes)];
          if (next.other_outcome !== undefined) next.other_outcome = next.other_outcome?.trim() || null;
          const changed = (Object.keys(next) as (keyof AdminCorrection)[]).filter(
            (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
          );
          if (changed.length === 0) return { signup: current, changed };
          const values: Updateable<WaitlistSignupsTable> = {};
          if (changed.includes('email') && next.email !== undefined) {
            values.email = next.email;
            const company = companyOf(next.email);
            values.company_domain = company.domain;
            values.free_mail = company.freeMail ? 1 : 0;
          }
          if (changed.includes('role')) values.role = next.role;
          if (changed.includes('company_size')) values.company_size = next.company_size;
          if (changed.includes('desired_outcomes')) values.desired_outcomes = database.encodeList(next.desired_outcomes ?? []);
          if (changed.includes('other_outcome')) values.other_outcome = next.other_outcome ?? null;
          await trx.updateTable('waitlist_signups').set(values).where('id', '=', id).execute();
          await recordAudit(trx, { action: 'correct', operatorId, signupId: id, fields: changed });
          await options.webhooks?.queue(trx, 'signup.updated', [id], new Date());
          const updated = await findOne(trx, id);
          return updated ? { signup: toSignup(database, updated), changed } : undefined;
        })
        .catch(translateDbError);
    },

    /** Erases the row and its idempotency keys; the audit keeps the id, never the address. */
    async erase(id: number, operatorId: number): Promise<boolean> {
      return db
        .transaction()
        .execute(async (trx) => {
          if (!(await keepErasedCounts(trx, database, id))) return false;
          await options.webhooks?.queue(trx, 'signup.erased', [id], new Date());
          await trx.deleteFrom('waitlist_signups').where('id', '=', id).executeTakeFirst();
          await trx.deleteFrom('idempotency_keys').where('signup_id', '=', id).execute();
          await recordAudit(trx, { action: 'erase', operatorId, signupId: id });
          return true;
        })
        .catch(translateDbError);
    },

    /** Forgets idempotency keys older than the TTL (they hold a hash of personal data). */
    async pruneIdempotencyKeys(now = Date.now()): Promise<number> {
      const cutoff = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
      const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst().catch(translateDbError);
      return Number(result.numDeletedRows);
    },

    /** Waits for queued group-commit batches (shutdown). */
    async drain(): Promise<void> {
      await batcher?.drain();
    },
  };
}

export type SignupsRepository = ReturnType<typeof createSignupsRepository>;
