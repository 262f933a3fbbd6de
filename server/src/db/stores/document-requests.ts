import { DOCUMENT_KINDS, type DocumentKind, type DocumentRequest } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';

export interface DocumentRequestRow extends Omit<DocumentRequest, 'locale'> {
  id: number;
  locale: string;
  proofOfWork: boolean;
  createdAt: string;
  answeredAt: string | null;
  answeredBy: string | null;
}

/** The trust page's requests for security documents (migration 23). */
export function createDocumentRequestStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const columns = [
    'id',
    'name',
    'email',
    'company',
    'documents',
    'message',
    'locale',
    'proof_of_work',
    'created_at',
    'answered_at',
    'answered_by_email',
  ] as const;
  const select = (executor: Executor) => executor.selectFrom('document_requests').select(columns);
  type Raw = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const decode = (r: Raw): DocumentRequestRow => ({
    id: Number(r.id),
    name: r.name,
    email: r.email,
    company: r.company,
    documents: r.documents.split(' ').filter((k): k is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(k)),
    message: r.message,
    locale: r.locale,
    proofOfWork: Number(r.proof_of_work) === 1,
    createdAt: ts(r.created_at),
    answeredAt: r.answered_at === null ? null : ts(r.answered_at),
    answeredBy: r.answered_by_email,
  });

  return {
    /** Stores a request; null when its form token was used before (a double submit or a reloaded post). */
    async insert(
      trx: Executor,
      request: DocumentRequest & { proofOfWork: boolean; formTokenHash: string | null; at: string },
    ): Promise<number | null> {
      const row = await trx
        .insertInto('document_requests')
        .values({
          name: request.name,
          email: request.email,
          company: request.company,
          documents: request.documents.join(' '),
          message: request.message,
          locale: request.locale,
          proof_of_work: request.proofOfWork ? 1 : 0,
          form_token_hash: request.formTokenHash,
          created_at: request.at,
        })
        .onConflict((oc) => oc.column('form_token_hash').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** Newest first (the index on created_at); a year's requests of a small company fit one page. */
    list: async (limit: number) =>
      (await select(db).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()).map(decode),

    find: async (executor: Executor, id: number) => {
      const row = await select(executor).where('id', '=', id).executeTakeFirst();
      return row && decode(row);
    },

    async openCount(): Promise<number> {
      const row = await db
        .selectFrom('document_requests')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('answered_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks a request answered by this operator: false when it was already. */
    async markAnswered(trx: Executor, id: number, operatorId: number, at: string): Promise<boolean> {
      const operator = await trx.selectFrom('operators').select('email').where('id', '=', operatorId).executeTakeFirst();
      const result = await trx
        .updateTable('document_requests')
        .set({ answered_at: at, answered_by: operatorId, answered_by_email: operator?.email ?? null })
        .where('id', '=', id)
        .where('answered_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Erases the requests that arrived before `before` (the retention job). */
    async pruneBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('document_requests').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type DocumentRequestStore = ReturnType<typeof createDocumentRequestStore>;
