import type { Database, Executor } from '../db/connection';
import { translateDbError } from '../db/errors';
import { createGroupCommit, type GroupCommit, type GroupCommitOptions } from '../db/group-commit';
import type { Stores } from '../db/stores';
import type { OperatorAuditEntry } from '../db/stores/audit-trail';
import type { CrmAudience, NewCrmDeletion, NewOutboxMail, NewWebhookEvent } from '../db/stores/outbox';
import type { PersonAuditEntry } from '../db/stores/person-audit-log';

/**
 * One door for every change (docs/architecture.md, "One door"): a use case runs in one transaction, and what it
 * writes besides its rows (its audit entry, the mail and webhook events it causes) goes through this change, so the
 * action, its entry and its mail commit together or not at all. Routes, the CLI and workers call services; only this
 * file calls the stores' audit and outbox writers (eslint.config.js: the "one door" rules).
 */
export interface Change {
  /** The transaction: stores take it for the rows of the change. */
  readonly trx: Executor;
  /** The moment of the change (ISO 8601): its rows, its audit entry and its mails carry it. */
  readonly at: string;
  /** The operators' audit trail: what an operator did, refused or failed, on which sign-up or thing. */
  audit(entry: OperatorAuditEntry): Promise<void>;
  /** The person's log: what they did to their own row, or what a rule of ours did to it. */
  auditPerson(entry: PersonAuditEntry): Promise<void>;
  /** The mail door: every mail any use case sends (sign-ups, invitations, waves, campaigns, operators' mails). */
  mail(mails: readonly NewOutboxMail[]): Promise<void>;
  /** Webhook events, signed and delivered by the outbox worker. */
  webhooks(events: readonly NewWebhookEvent[]): Promise<void>;
  /** Webhook events about these people that are done with (an erasure leaves nothing about them behind). */
  forgetWebhooksAbout(signupIds: readonly number[]): Promise<void>;
  /** The CRM's door (services/crm.ts): people to bring up to date there, records to erase there, a sweep of everyone. */
  crm: {
    syncs(signupIds: readonly number[]): Promise<void>;
    deletions(deletions: readonly NewCrmDeletion[]): Promise<void>;
    /** Everyone the audience selects and everyone already there; returns how many were queued. */
    everyone(audience: CrmAudience): Promise<number>;
    sweepAt(at: string): Promise<void>;
  };
}

export interface UseCaseDeps {
  database: Database;
  stores: Pick<Stores, 'auditTrail' | 'personAuditLog' | 'outbox'>;
  now?: () => Date;
}

export function createUseCases({ database, stores, now = () => new Date() }: UseCaseDeps) {
  /** The doors of a transaction already open (a group commit's batch: `groupCommit` below). */
  const within = (trx: Executor, at: string = now().toISOString()): Change => ({
    trx,
    at,
    audit: (entry) => stores.auditTrail.record(trx, entry, at),
    auditPerson: (entry) => stores.personAuditLog.record(trx, entry, at),
    mail: (mails) => stores.outbox.queueMail(trx, mails),
    webhooks: (events) => stores.outbox.queueWebhooks(trx, events),
    forgetWebhooksAbout: (signupIds) => stores.outbox.deleteFinishedWebhooksAbout(trx, signupIds),
    crm: {
      syncs: (signupIds) => stores.outbox.queueCrmSyncs(trx, signupIds, at),
      deletions: (deletions) => stores.outbox.queueCrmDeletions(trx, deletions, at),
      everyone: (audience) => stores.outbox.queueCrmEveryone(trx, audience, at),
      sweepAt: (when) => stores.outbox.queueCrmSweep(trx, when),
    },
  });

  /** One use case in a transaction of its own; a driver's error comes out as one of db/errors.ts. */
  const run = <T>(work: (change: Change) => Promise<T>): Promise<T> =>
    database.transaction((trx) => work(within(trx))).catch(translateDbError);

  return {
    run,
    within,
    /** An operator's action that changes no row (a sign-out, an export, a refusal): its entry alone. */
    record: (entry: OperatorAuditEntry): Promise<void> => run((change) => change.audit(entry)),
    /**
     * Many units of work of the same few milliseconds in one transaction (db/group-commit.ts: the sign-ups of a burst,
     * the delivery bookkeeping); `write` takes the batch's transaction, and `within(trx)` gives it the doors. Its
     * errors stay the driver's, which the group commit reads to retry a batch item by item.
     */
    groupCommit: <Item>(options: GroupCommitOptions<Item>): GroupCommit<Item> =>
      createGroupCommit({ open: (work) => database.transaction(work), concurrentWriters: database.concurrentWriters }, options),
  };
}

export type UseCases = ReturnType<typeof createUseCases>;
