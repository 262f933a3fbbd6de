import type { CrmProvider } from '@waitlist/contract';
import type { Database, Executor } from '../connection';
import type { CrmAttemptAction, CrmAttemptOutcome } from '../schema';

/** The connection as stored: the token still sealed, the audience and the mapping as JSON text. */
export interface CrmConnectionRow {
  provider: CrmProvider;
  sealedToken: string;
  tokenHint: string;
  companyDomain: string | null;
  audience: string;
  fields: string;
  connectedBy: number | null;
  connectedAt: string;
  lastSyncAt: string | null;
  lastError: string | null;
}

export interface CrmContact {
  signupId: number;
  provider: CrmProvider;
  crmId: string;
  /** What was last sent, hashed. */
  hash: string;
}

export interface CrmAttempt {
  at: string;
  action: CrmAttemptAction;
  people: number;
  outcome: CrmAttemptOutcome;
  answer: string;
}

/** How many exchanges with the CRM the console keeps. */
export const KEPT_ATTEMPTS = 200;

/**
 * The CRM's tables (migration 27): the one connection, each person's record there, each work domain's company there,
 * and the latest exchanges. Writers take the use case's transaction; the worker's bookkeeping passes its own.
 */
export function createCrmStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const tsOrNull = (v: Date | string | null) => (v === null ? null : database.decodeTimestamp(v));

  return {
    async connection(executor: Executor = db): Promise<CrmConnectionRow | null> {
      const row = await executor.selectFrom('crm_connections').selectAll().where('id', '=', 1).executeTakeFirst();
      if (!row) return null;
      return {
        provider: row.provider,
        sealedToken: row.token,
        tokenHint: row.token_hint,
        companyDomain: row.company_domain,
        audience: row.audience,
        fields: row.fields,
        connectedBy: row.connected_by === null ? null : Number(row.connected_by),
        connectedAt: ts(row.connected_at),
        lastSyncAt: tsOrNull(row.last_sync_at),
        lastError: row.last_error,
      };
    },

    async saveConnection(trx: Executor, row: Omit<CrmConnectionRow, 'lastSyncAt' | 'lastError'>): Promise<void> {
      const values = {
        provider: row.provider,
        token: row.sealedToken,
        token_hint: row.tokenHint,
        company_domain: row.companyDomain,
        audience: row.audience,
        fields: row.fields,
        connected_by: row.connectedBy,
        connected_at: row.connectedAt,
        last_sync_at: null,
        last_error: null,
      };
      await trx
        .insertInto('crm_connections')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    async removeConnection(trx: Executor): Promise<boolean> {
      const result = await trx.deleteFrom('crm_connections').where('id', '=', 1).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The last exchange that moved people: when, and the CRM's refusal if it refused. */
    async noteSync(at: string, error: string | null, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('crm_connections')
        .set(error === null ? { last_sync_at: at, last_error: null } : { last_error: error })
        .where('id', '=', 1)
        .execute();
    },

    /** The CRM's records of these people (those pushed there). */
    async contactsOf(signupIds: readonly number[], executor: Executor = db): Promise<Map<number, CrmContact>> {
      const found = new Map<number, CrmContact>();
      if (signupIds.length === 0) return found;
      const rows = await executor
        .selectFrom('crm_contacts')
        .selectAll()
        .where('signup_id', 'in', [...signupIds])
        .execute();
      for (const row of rows)
        found.set(Number(row.signup_id), {
          signupId: Number(row.signup_id),
          provider: row.provider,
          crmId: row.crm_id,
          hash: row.pushed_hash,
        });
      return found;
    },

    /** Records pushed: kept for the people who are still here (lock them first: an erasure may be deleting them). */
    async recordContacts(trx: Executor, contacts: readonly CrmContact[], at: string): Promise<void> {
      for (const contact of contacts) {
        const values = { provider: contact.provider, crm_id: contact.crmId, pushed_hash: contact.hash, pushed_at: at };
        await trx
          .insertInto('crm_contacts')
          .values({ signup_id: contact.signupId, ...values })
          .onConflict((oc) => oc.column('signup_id').doUpdateSet(values))
          .execute();
      }
    },

    /** The record of a person the CRM no longer has (deleted there by hand). */
    async forgetContact(trx: Executor, signupId: number): Promise<void> {
      await trx.deleteFrom('crm_contacts').where('signup_id', '=', signupId).execute();
    },

    /** Another CRM is connected: the old one's records and companies mean nothing to the new one. */
    async forgetProvider(trx: Executor, provider: CrmProvider): Promise<number> {
      const result = await trx.deleteFrom('crm_contacts').where('provider', '=', provider).executeTakeFirst();
      await trx.deleteFrom('crm_companies').where('provider', '=', provider).execute();
      return Number(result.numDeletedRows);
    },

    async countContacts(): Promise<number> {
      const row = await db
        .selectFrom('crm_contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async companiesOf(provider: CrmProvider, domains: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      if (domains.length === 0) return found;
      const rows = await db
        .selectFrom('crm_companies')
        .select(['domain', 'crm_id'])
        .where('provider', '=', provider)
        .where('domain', 'in', [...domains])
        .execute();
      for (const row of rows) found.set(row.domain, row.crm_id);
      return found;
    },

    async recordCompany(provider: CrmProvider, domain: string, crmId: string): Promise<void> {
      await db
        .insertInto('crm_companies')
        .values({ provider, domain, crm_id: crmId })
        .onConflict((oc) => oc.columns(['provider', 'domain']).doUpdateSet({ crm_id: crmId }))
        .execute();
    },

    /** One exchange with the CRM; the oldest beyond KEPT_ATTEMPTS are dropped. */
    async recordAttempt(attempt: CrmAttempt): Promise<void> {
      await db.insertInto('crm_attempts').values(attempt).execute();
      const cut = await db.selectFrom('crm_attempts').select('id').orderBy('id', 'desc').offset(KEPT_ATTEMPTS).limit(1).executeTakeFirst();
      if (cut) await db.deleteFrom('crm_attempts').where('id', '<=', cut.id).execute();
    },

    async recentAttempts(limit = 20): Promise<CrmAttempt[]> {
      const rows = await db.selectFrom('crm_attempts').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        at: ts(row.at),
        action: row.action,
        people: Number(row.people),
        outcome: row.outcome,
        answer: row.answer,
      }));
    },

    async clearAttempts(trx: Executor): Promise<void> {
      await trx.deleteFrom('crm_attempts').execute();
    },
  };
}

export type CrmStore = ReturnType<typeof createCrmStore>;
