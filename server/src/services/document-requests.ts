import {
  DOCUMENT_REQUEST_RETENTION_DAYS,
  type AdminDocumentRequest,
  type AdminDocumentRequestList,
  type DocumentRequest,
} from '@waitlist/contract';
import type { Stores } from '../db/stores';
import type { DocumentRequestRow } from '../db/stores/document-requests';
import { sha256 } from '../lib/crypto';
import { maskEmail } from '../lib/mask-email';
import type { Exports } from './exports';
import { readBy, type Reader } from './readers';
import type { MailBudget } from './mail-budget';
import type { ProofOfWork } from './proof-of-work';
import { MAIL_TOPICS } from './signup-events';
import type { UseCases } from './use-case';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The console lists this many, newest first (a year of requests of a company our size). */
const LIST_LIMIT = 500;

/** A request as the console lists it: one mapper, none in a route. */
const toAdminDocumentRequest = (row: DocumentRequestRow): AdminDocumentRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  documents: row.documents,
  message: row.message,
  locale: row.locale,
  proof_of_work: row.proofOfWork,
  created_at: row.createdAt,
  answered_at: row.answeredAt,
  answered_by: row.answeredBy,
});

/** What a viewer who does not see addresses sees of a buyer: `a•••@volvo.com`, an initial, no message. */
const maskedFor = (reader: Reader, request: AdminDocumentRequest): AdminDocumentRequest =>
  reader.seesAddresses
    ? request
    : {
        ...request,
        name: `${request.name.slice(0, 1)}•••`,
        email: maskEmail(request.email),
        message: request.message === null ? null : '•••',
      };

/**
 * The trust page's "request our security documents" (issue 37 item 1; docs/decisions/0038): a buyer's request is
 * stored and each owner is mailed about it in the same transaction (the reply goes straight to the buyer). It follows
 * the sign-up's rules: a request without a valid, unused proof of work is stored all the same, but its mails wait for
 * the hourly budget of unproven mail (services/mail-budget.ts), so a botnet posting the form cannot fill the owners'
 * inboxes faster than that. The same post twice (a double submit, a reloaded post: one form token, one content) stores
 * one request.
 */
export function createDocumentRequests(deps: {
  stores: Pick<Stores, 'documentRequests' | 'operatorAccounts'>;
  useCases: UseCases;
  proofOfWork: ProofOfWork;
  mailBudget: MailBudget;
  /** The read budget of services/exports.ts: a list of requests is a read of people. */
  reads: Pick<Exports, 'spendReadBudget'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Stores a request; 'repeated' when its form token came before (nothing new is stored or mailed). */
    async request(request: DocumentRequest, solution: string | undefined, formToken: string | undefined): Promise<'stored' | 'repeated'> {
      const verified = solution !== undefined && (await deps.proofOfWork.verify(solution));
      const owners = (await deps.stores.operatorAccounts.list()).filter((o) => o.role === 'owner');
      return deps.useCases.run(async (change) => {
        const id = await deps.stores.documentRequests.insert(change.trx, {
          ...request,
          proofOfWork: verified,
          // The page's token and what was asked: the same post twice is one request; a page a cache handed two buyers is not.
          formTokenHash: formToken === undefined ? null : sha256(`${formToken}\n${JSON.stringify(request)}`),
          at: change.at,
        });
        if (id === null) return 'repeated';
        const held = deps.mailBudget.holds(verified);
        await change.mail(
          owners.map((owner) => ({
            signupId: null,
            topic: MAIL_TOPICS.operatorDocumentRequest,
            payload: { operatorId: owner.id, requestId: id },
            at: change.at,
            held,
          })),
        );
        return 'stored';
      });
    },

    /**
     * The requests as `reader` may see them, counted against their read budget and recorded like a read of sign-ups: a
     * viewer who does not see addresses gets the buyer's name, address and message masked (issue 47 item 3).
     */
    async list(reader: Reader): Promise<AdminDocumentRequestList> {
      const [rows, open] = await Promise.all([deps.stores.documentRequests.list(LIST_LIMIT), deps.stores.documentRequests.openCount()]);
      await deps.reads.spendReadBudget(reader, rows.length, 'document-requests.read');
      await deps.useCases.record({
        action: 'document-requests.read',
        signupId: null,
        ...readBy(reader, `${rows.length} ${rows.length === 1 ? 'request' : 'requests'}`),
      });
      return { items: rows.map((row) => maskedFor(reader, toAdminDocumentRequest(row))), open };
    },

    /** An operator answered the buyer (by mail, outside the console): marked, and audited. Undefined: no such open request. */
    async markAnswered(id: number, operatorId: number): Promise<AdminDocumentRequest | undefined> {
      return deps.useCases.run(async (change) => {
        const target = `document-request:${id}`;
        if (!(await deps.stores.documentRequests.markAnswered(change.trx, id, operatorId, change.at))) {
          await change.audit({ action: 'document-request.answer', operatorId, target, outcome: 'failed', detail: 'not found or answered' });
          return undefined;
        }
        const row = await deps.stores.documentRequests.find(change.trx, id);
        await change.audit({ action: 'document-request.answer', operatorId, target, detail: row?.company ?? null });
        return row && toAdminDocumentRequest(row);
      });
    },

    /** Erases the requests older than DOCUMENT_REQUEST_RETENTION_DAYS (the retention job). */
    prune: () =>
      deps.stores.documentRequests.pruneBefore(new Date(now().getTime() - DOCUMENT_REQUEST_RETENTION_DAYS * DAY_MS).toISOString()),
  };
}

export type DocumentRequests = ReturnType<typeof createDocumentRequests>;
