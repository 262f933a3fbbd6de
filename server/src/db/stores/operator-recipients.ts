import type { SiteLocale } from '@waitlist/contract';
import type { Database, Executor } from '../connection';

/** Who reads an operator's mail: their address, their console language, and whether they see whole addresses. */
export interface OperatorMailReader {
  email: string;
  locale: SiteLocale | null;
  seesAddresses: boolean;
}

/**
 * Who gets the console's own mail (reads of `operators`; their one writer is operator-accounts.ts): the operators who
 * asked for each kind, and what one of them may read in a mail about people (whole addresses or masked).
 */
export function createOperatorRecipients(database: Database) {
  const db = database.db;
  return {
    /** Ids of operators who want `kind` of mail, read in `executor` (the transaction that queues it). */
    async idsWanting(executor: Executor, kind: 'confirmations' | 'digest'): Promise<number[]> {
      const rows = await executor
        .selectFrom('operators')
        .select('id')
        .where(kind === 'confirmations' ? 'notify_on_confirm' : 'notify_digest', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * An operator's address, the language they chose for the console (null: not chosen) and whether they see people's
     * whole addresses (owners, members, viewers let to).
     */
    async mailReader(executor: Executor, id: number): Promise<OperatorMailReader | undefined> {
      const row = await executor
        .selectFrom('operators')
        .select(['email', 'role', 'sees_addresses', 'locale'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { email: row.email, locale: row.locale, seesAddresses: row.role !== 'viewer' || Number(row.sees_addresses) === 1 };
    },

    async email(executor: Executor, id: number): Promise<string | undefined> {
      const row = await executor.selectFrom('operators').select('email').where('id', '=', id).executeTakeFirst();
      return row?.email;
    },

    /** Addresses of operators who want `kind` of mail. */
    async recipients(kind: 'confirmations' | 'digest'): Promise<string[]> {
      const rows = await db
        .selectFrom('operators')
        .select('email')
        .where(kind === 'confirmations' ? 'notify_on_confirm' : 'notify_digest', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.email);
    },
  };
}

export type OperatorRecipients = ReturnType<typeof createOperatorRecipients>;
