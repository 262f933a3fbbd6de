import type { Transaction } from 'kysely';
import type { IssuedToken, StoredToken } from '../../lib/tokens';
import type { Database } from '../connection';
import type { PersonAuditAction, Schema } from '../schema';
import { erasedCounts, keepErasedCounts } from './erased-counts';
import { outboxMailValues } from './outbox';
import type { WebhookEvents } from './webhook-events';
import type { OperatorMail } from './operator-mail';

/**
 * What a person can do with their own row through the links we mail them (confirm, see, download, correct,
 * erase, unsubscribe), the tokens behind those links, and the retention sweep. Every change is audited in
 * person_audit_log without an address; an erasure leaves its contribution to the dashboard in
 * erased_signup_counts so the charts do not change.
 */

export interface StoredPerson {
  id: number;
  email: string;
  role: string;
  companySize: string;
  desiredOutcomes: string[];
  otherOutcome: string | null;
  consentedAt: string;
  privacyPolicyVersion: string;
  createdAt: string;
  confirmedAt: string | null;
  marketingOptOutAt: string | null;
  confirmationSentAt: string | null;
  locale: string;
  companyDomain: string | null;
  freeMail: boolean;
  /** Attribution columns as stored (utm_*, referrer_origin, landing_path), absent ones left out. */
  attribution: Record<string, string>;
  followUpStatus: string;
}

export interface PersonCorrection {
  role?: string;
  company_size?: string;
  desired_outcomes?: string[];
  other_outcome?: string | null;
}

export type AuditActor = 'person' | 'system' | 'operator';

export function createPersonDataRepository(database: Database, options: { webhooks?: WebhookEvents; operatorMail?: OperatorMail } = {}) {
  const { webhooks, operatorMail } = options;
  const { db } = database;
  const iso = (d: Date) => d.toISOString();
  const tsOrNull = (v: Date | string | null) => (v === null ? null : database.decodeTimestamp(v));

  const audit = (
    trx: Transaction<Schema>,
    action: PersonAuditAction,
    actor: AuditActor,
    signupId: number | null,
    at: Date,
    fields: string | null = null,
  ) =>
    trx
      .insertInto('person_audit_log')
      .values({ action, actor, signup_id: signupId, fields, created_at: iso(at) })
      .execute();

  async function loadPerson(executor: Transaction<Schema> | typeof db, signupId: number): Promise<StoredPerson | undefined> {
    const row = await executor.selectFrom('waitlist_signups').selectAll().where('id', '=', signupId).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: Number(row.id),
      email: row.email,
      role: row.role,
      companySize: row.company_size,
      desiredOutcomes: database.decodeList(row.desired_outcomes),
      otherOutcome: row.other_outcome,
      consentedAt: database.decodeTimestamp(row.consented_at),
      privacyPolicyVersion: row.privacy_policy_version,
      createdAt: database.decodeTimestamp(row.created_at),
      confirmedAt: tsOrNull(row.confirmed_at),
      marketingOptOutAt: tsOrNull(row.marketing_opt_out_at),
      confirmationSentAt: tsOrNull(row.confirmation_sent_at),
      locale: row.locale,
      companyDomain: row.company_domain,
      freeMail: Number(row.free_mail) === 1,
      attribution: Object.fromEntries(
        (['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'referrer_origin', 'landing_path'] as const)
          .filter((column) => row[column] !== null)
          .map((column) => [column, row[column]!]),
      ),
      followUpStatus: row.status,
    };
  }

  /** Deletes the row (its outbox rows, tokens and idempotency keys cascade) and keeps its counts. */
  async function eraseIn(
    trx: Transaction<Schema>,
    signupId: number,
    action: 'erase' | 'expire',
    actor: AuditActor,
    at: Date,
  ): Promise<boolean> {
    if (!(await keepErasedCounts(trx, database, signupId))) return false;
    await webhooks?.queue(trx, 'signup.erased', [signupId], at);
    await trx.deleteFrom('waitlist_signups').where('id', '=', signupId).execute();
    await audit(trx, action, actor, signupId, at);
    return true;
  }

  return {
    person: (signupId: number) => loadPerson(db, signupId),

    /** The founders' notes about a person (without who wrote them), for the person's own copy of their data. */
    async notesAbout(signupId: number): Promise<{ note: string; written_at: string }[]> {
      const rows = await db
        .selectFrom('signup_notes')
        .select(['body', 'created_at'])
        .where('signup_id', '=', signupId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ note: r.body, written_at: database.decodeTimestamp(r.created_at) }));
    },

    async idByEmail(email: string): Promise<number | undefined> {
      const row = await db.selectFrom('waitlist_signups').select('id').where('email', '=', email).executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    async saveTokens(signupId: number, tokens: readonly IssuedToken[]): Promise<void> {
      if (tokens.length === 0) return;
      await db
        .insertInto('person_tokens')
        .values(tokens.map((t) => ({ hash: t.hash, purpose: t.purpose, signup_id: signupId, expires_at: iso(t.expiresAt) })))
        .execute();
    },

    async findToken(hash: string): Promise<(StoredToken & { signupId: number }) | undefined> {
      const row = await db
        .selectFrom('person_tokens')
        .select(['hash', 'purpose', 'signup_id', 'expires_at', 'used_at'])
        .where('hash', '=', hash)
        .executeTakeFirst();
      return row
        ? { hash: row.hash, purpose: row.purpose, expires_at: row.expires_at, used_at: row.used_at, signupId: Number(row.signup_id) }
        : undefined;
    },

    /** Spends a confirmation token and confirms its person; false when it was spent meanwhile (a double submit). */
    async confirm(hash: string, now = new Date()): Promise<boolean> {
      const token = await db.selectFrom('person_tokens').select('signup_id').where('hash', '=', hash).executeTakeFirst();
      if (!token) return false;
      const signupId = Number(token.signup_id);
      return db.transaction().execute(async (trx) => {
        // The sign-up row first, then its tokens: the order erasure takes them in.
        const locked = await trx
          .updateTable('waitlist_signups')
          .set((eb) => ({ locale: eb.ref('locale') }))
          .where('id', '=', signupId)
          .executeTakeFirst();
        if (Number(locked.numUpdatedRows) === 0) return false;
        const spent = await trx
          .updateTable('person_tokens')
          .set({ used_at: iso(now) })
          .where('hash', '=', hash)
          .where('purpose', '=', 'confirm')
          .where('used_at', 'is', null)
          .where('expires_at', '>', iso(now))
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) === 0) return false;
        await trx
          .updateTable('waitlist_signups')
          .set({ confirmed_at: iso(now) })
          .where('id', '=', signupId)
          .where('confirmed_at', 'is', null)
          .execute();
        // Other confirmation links of the same person are now pointless.
        await trx
          .updateTable('person_tokens')
          .set({ used_at: iso(now) })
          .where('signup_id', '=', signupId)
          .where('purpose', '=', 'confirm')
          .where('used_at', 'is', null)
          .execute();
        await audit(trx, 'confirm', 'person', signupId, now);
        await webhooks?.queue(trx, 'signup.confirmed', [signupId], now);
        await operatorMail?.queueConfirmedNotices(trx, signupId, now);
        return true;
      });
    },

    /** Records the opt-out (idempotent) and cancels queued confirmation mail; a data link asked for still goes. */
    async optOut(signupId: number, now = new Date()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('waitlist_signups')
          .set({ marketing_opt_out_at: iso(now) })
          .where('id', '=', signupId)
          .where('marketing_opt_out_at', 'is', null)
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) === 1;
        if (changed) {
          await trx
            .updateTable('outbox')
            .set({ status: 'cancelled', last_error: 'opted out' })
            .where('signup_id', '=', signupId)
            .where('status', '=', 'pending')
            .where('topic', '=', 'confirmation')
            .execute();
          await audit(trx, 'unsubscribe', 'person', signupId, now);
          await webhooks?.queue(trx, 'signup.unsubscribed', [signupId], now);
        }
        return changed;
      });
    },

    async correct(signupId: number, changes: PersonCorrection, now = new Date()): Promise<string[]> {
      const set: Record<string, unknown> = {};
      if (changes.role !== undefined) set.role = changes.role;
      if (changes.company_size !== undefined) set.company_size = changes.company_size;
      if (changes.desired_outcomes !== undefined) set.desired_outcomes = database.encodeList(changes.desired_outcomes);
      if (changes.other_outcome !== undefined) set.other_outcome = changes.other_outcome;
      const fields = Object.keys(set);
      if (fields.length === 0) return [];
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('waitlist_signups').set(set).where('id', '=', signupId).execute();
        await audit(trx, 'correct', 'person', signupId, now, fields.join(','));
        await webhooks?.queue(trx, 'signup.updated', [signupId], now);
      });
      return fields;
    },

    async recordExport(signupId: number, now = new Date()): Promise<void> {
      await db.transaction().execute((trx) => audit(trx, 'export', 'person', signupId, now));
    },

    async recordDataLinkRequest(signupId: number | null, now = new Date()): Promise<void> {
      await db.transaction().execute((trx) => audit(trx, 'data-link', 'person', signupId, now));
    },

    async erase(signupId: number, actor: AuditActor = 'person', now = new Date()): Promise<boolean> {
      return db.transaction().execute((trx) => eraseIn(trx, signupId, 'erase', actor, now));
    },

    /**
     * Erases sign-ups whose confirmation mail went out before `cutoff` and that are still unconfirmed. Runs in
     * small batches so a long backlog never holds the write lock for long.
     */
    async expireUnconfirmed(cutoff: Date, now = new Date(), batch = 200): Promise<number> {
      let total = 0;
      for (;;) {
        const ids = await db
          .selectFrom('waitlist_signups')
          .select('id')
          .where('confirmed_at', 'is', null)
          .where('confirmation_sent_at', '<', iso(cutoff))
          .orderBy('id')
          .limit(batch)
          .execute();
        if (ids.length === 0) return total;
        // One transaction per person: locks are taken in the same order as every other erasure (no deadlock).
        for (const { id } of ids) {
          if (await db.transaction().execute((trx) => eraseIn(trx, Number(id), 'expire', 'system', now))) total += 1;
        }
        if (ids.length < batch) return total;
      }
    },

    /**
     * Queues another confirmation mail when the re-send policy allows it, deciding and inserting in one
     * transaction so two racing re-sign-ups cannot both pass the check.
     */
    async queueConfirmationResend(
      signupId: number,
      decide: (input: { confirmed: boolean; history: { createdAt: Date; resend: boolean }[] }) => boolean,
      now = new Date(),
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Serialises re-sends of one person on PostgreSQL (a no-op update takes the row lock); SQLite has one writer.
        const row = await trx
          .updateTable('waitlist_signups')
          .set((eb) => ({ locale: eb.ref('locale') }))
          .where('id', '=', signupId)
          .returning(['confirmed_at', 'marketing_opt_out_at', 'locale'])
          .executeTakeFirst();
        if (!row || row.marketing_opt_out_at !== null) return false;
        const history = await trx
          .selectFrom('outbox')
          .select(['created_at', 'payload'])
          .where('signup_id', '=', signupId)
          .where('topic', '=', 'confirmation')
          .orderBy('id', 'desc')
          .limit(50)
          .execute();
        const parsed = history.map((h) => ({
          createdAt: new Date(database.decodeTimestamp(h.created_at)),
          resend: (JSON.parse(h.payload) as { resend?: unknown }).resend === true,
        }));
        if (!decide({ confirmed: row.confirmed_at !== null, history: parsed })) return false;
        await trx
          .insertInto('outbox')
          .values(outboxMailValues({ signupId, topic: 'confirmation', payload: { locale: row.locale, resend: true } }, iso(now)))
          .execute();
        return true;
      });
    },

    async pruneExpiredTokens(now = new Date()): Promise<number> {
      const result = await db.deleteFrom('person_tokens').where('expires_at', '<', iso(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Contributions of erased sign-ups, for the dashboard. */
    erasedCounts: () => erasedCounts(database),
  };
}

export type PersonDataRepository = ReturnType<typeof createPersonDataRepository>;
