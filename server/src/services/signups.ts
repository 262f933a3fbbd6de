import type { Kysely } from 'kysely';
import type { AdminCorrection, FollowUpStatus, SignupBody, SignupFlag } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { ErasureLedger } from '../lib/erasure-ledger';
import { DuplicateEmailError, IdempotencyKeyReusedError, PartnerCodeRefusedError, classifyDbError, translateDbError } from '../db/errors';
import { DELIVERY_BATCH_WINDOW_MS, createGroupCommit } from '../db/group-commit';
import type { Schema } from '../db/schema';
import { auditLogs } from '../db/stores/audit-logs';
import type { FollowUpStore } from '../db/stores/follow-up';
import type { IdempotencyKeyStore } from '../db/stores/idempotency-keys';
import type { OutboxStore } from '../db/stores/outbox';
import type { PartnerCodeStore } from '../db/stores/partner-codes';
import type { PersonTokenStore } from '../db/stores/person-tokens';
import type { NewSignupRow, SignupChanges, SignupRow, SignupStore } from '../db/stores/signups';
import { companyOf } from '../lib/company';
import { sha256 } from '../lib/crypto';
import { EmailDomainRefusedError, type EmailDomainPolicy } from '../lib/email-domains';
import type { MailDomainCheck } from '../lib/mail-domains';
import type { MetricsRecorder } from '../lib/metrics';
import { mayResendConfirmation, type ResendDecision } from '../lib/resend-policy';
import { createBurstWatch } from './burst-watch';
import type { MailBudget } from './mail-budget';
import type { ProofOfWork } from './proof-of-work';
import { MAIL_TOPICS, type SignupEvents } from './signup-events';
import { toNewSignupRow } from './signup-views';

/**
 * The life of a sign-up, one function per use case: sign up (API and form alike), sign up again (the re-send
 * rules), confirm, correct (by the person or an operator: one set of rules), unsubscribe, change the follow-up
 * status, erase (by the person, an operator or the retention rule). Each opens its transaction, writes through
 * the stores, and queues the mail and webhook rows it causes in that same transaction (signup-events.ts). Routes,
 * the scheduler and the CLI call these; nothing else writes waitlist_signups.
 */

/** Who acts: the person through a link we mailed them, an operator in the console, or a rule of ours. */
export type Actor = { kind: 'person' } | { kind: 'operator'; operatorId: number } | { kind: 'system' };

export type SignupOutcome = 'created' | 'replayed';

/** How long a retry may reuse an Idempotency-Key: the keys hold a hash of personal data. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Unconfirmed sign-ups past their retention are erased this many at a time, one transaction per person. */
const EXPIRY_BATCH = 200;

export interface SignupServiceDeps {
  database: Database;
  stores: {
    signups: SignupStore;
    idempotencyKeys: IdempotencyKeyStore;
    outbox: OutboxStore;
    personTokens: PersonTokenStore;
    followUp: FollowUpStore;
    partnerCodes: PartnerCodeStore;
  };
  events: SignupEvents;
  /** Which e-mail domains are refused (temporary inboxes, the operators' blocked list). */
  emailDomains: EmailDomainPolicy;
  /** EMAIL_DOMAIN_CHECK=mx: whether the address's domain has a mail server; absent: not checked. */
  mailDomains?: MailDomainCheck | undefined;
  /** Checks a sign-up's proof of work (services/proof-of-work.ts). */
  proofOfWork: ProofOfWork;
  /** Whether a sign-up's confirmation waits for the mail budget (services/mail-budget.ts). */
  mailBudget: MailBudget;
  /** Group-commit window for new sign-ups in ms (db/group-commit.ts); 0: one transaction per sign-up. */
  batchWindowMs: number;
  metrics?: MetricsRecorder;
  /** Told when a sign-up's confirmation was queued, so the mail worker looks now rather than at its next poll. */
  mailQueued?: () => void;
  /** Told when a repeated sign-up re-sent a confirmation, or could not. */
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
  /** Every erasure is also written here, before it commits, so a restore can apply it again (lib/erasure-ledger.ts). */
  ledger?: ErasureLedger;
}

interface NewSignup {
  row: NewSignupRow;
  /** The confirmation waits for the mail budget (no proof of work came with it). */
  held: boolean;
  idempotencyKey: string | undefined;
  requestHash: string;
}

/** A second holder of an Idempotency-Key inside one write: decided after commit (a replay, or a reused key). */
class IdempotencyKeyTakenError extends Error {}

export function createSignupService(deps: SignupServiceDeps) {
  const { database, stores, events } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const bursts = createBurstWatch(() => now().getTime());
  const transaction = <T>(work: (trx: Kysely<Schema>) => Promise<T>) => db.transaction().execute(work).catch(translateDbError);

  /**
   * What a delivered row means, many per transaction while mail streams out (one commit, one fsync, for many mails):
   * a webhook about an erased person is deleted, a confirmation starts the retention clock, the row is marked sent.
   */
  const deliveries = createGroupCommit<{ id: number; workerId: string; sentAt: Date }>(database, {
    windowMs: DELIVERY_BATCH_WINDOW_MS,
    async write(trx, items) {
      // A handful of set-based statements per batch, not several per mail: each statement is a round trip.
      const ids = items.map((i) => i.id).sort((a, b) => a - b);
      const rows = await stores.outbox.describeMany(trx, ids);
      const subjects = [...rows.values()].flatMap((r) => (r.kind === 'webhook' && r.subjectId !== null ? [r.subjectId] : []));
      const living = await stores.signups.existingIds(trx, subjects);
      const erasedMeanwhile = (id: number) => {
        const row = rows.get(id);
        return row?.kind === 'webhook' && row.subjectId !== null && !living.has(row.subjectId);
      };
      // The sign-up rows before the outbox rows, as erasure and opt-out take them, so the two never deadlock.
      const confirmed = ids.flatMap((id) => {
        const row = rows.get(id);
        return row?.topic === MAIL_TOPICS.confirmation && row.signupId !== null ? [row.signupId] : [];
      });
      const sentAt = new Date(Math.max(...items.map((i) => i.sentAt.getTime())));
      await stores.signups.setConfirmationSent(
        trx,
        [...new Set(confirmed)].sort((a, b) => a - b),
        sentAt.toISOString(),
      );
      // Both lanes and the webhooks share this batcher: each worker records only the rows it holds.
      for (const workerId of new Set(items.map((i) => i.workerId))) {
        const own = items.filter((i) => i.workerId === workerId).map((i) => i.id);
        await stores.outbox.deleteLeasedMany(trx, { ids: own.filter(erasedMeanwhile), workerId });
        await stores.outbox.markSentMany(trx, { ids: own.filter((id) => !erasedMeanwhile(id)), workerId, sentAt });
      }
      return items.map(() => null);
    },
  });

  /** New sign-ups, many per transaction under load: the rows, their keys, their confirmation mail and events. */
  const newSignups = createGroupCommit<NewSignup>(database, {
    windowMs: deps.batchWindowMs,
    metrics: deps.metrics,
    async write(trx, items) {
      const ids = await stores.signups.insertNew(
        trx,
        items.map((i) => i.row),
      );
      const stored = items.flatMap((item, i) => (ids[i] === undefined ? [] : [{ ...item.row, id: ids[i]! } satisfies SignupRow]));
      const keys = items.flatMap((item, i) =>
        item.idempotencyKey && ids[i] !== undefined
          ? [{ key: item.idempotencyKey, request_hash: item.requestHash, signup_id: ids[i]!, created_at: item.row.created_at }]
          : [],
      );
      if ((await stores.idempotencyKeys.insertFree(trx, keys)) !== keys.length) throw new IdempotencyKeyTakenError();
      await events.confirmationMails(
        trx,
        items.flatMap((item, i) => (ids[i] === undefined ? [] : [{ row: { ...item.row, id: ids[i]! }, held: item.held }])),
      );
      await events.webhook(trx, 'signup.created', stored, now().toISOString());
      return ids.map((id) => (id === undefined ? new DuplicateEmailError() : null));
    },
  });

  /** True when `key` already stored this very request; a key stored with another request is refused. */
  async function isReplay(key: string, hash: string): Promise<boolean> {
    const stored = await stores.idempotencyKeys.requestHash(key).catch(translateDbError);
    if (stored === undefined) return false;
    if (stored !== hash) throw new IdempotencyKeyReusedError();
    return true;
  }

  /** Queues another confirmation mail within `rules`, deciding and queueing in one transaction (racing repeats send one). */
  async function queueResend(
    id: number,
    rules: (input: { confirmed: boolean; history: { createdAt: Date; resend: boolean }[] }) => ResendDecision,
    held = false,
  ) {
    return transaction(async (trx): Promise<ResendDecision | { ok: false; reason: 'opted-out' | 'erased' }> => {
      const row = await stores.signups.lock(trx, id);
      if (!row) return { ok: false, reason: 'erased' };
      if (row.marketing_opt_out_at !== null) return { ok: false, reason: 'opted-out' };
      const decision = rules({
        confirmed: row.confirmed_at !== null,
        history: await stores.outbox.history(trx, id, MAIL_TOPICS.confirmation),
      });
      if (decision.ok) await events.resentConfirmationMail(trx, row, now().toISOString(), held);
      return decision;
    });
  }

  /** Someone signs up again with an address that is on the list: an unconfirmed person gets their mail again, within limits. */
  async function repeatSignUp(email: string, held: boolean): Promise<void> {
    try {
      const id = await stores.signups.idByEmail(db, email);
      if (id === undefined) return;
      const decision = await queueResend(id, (input) => mayResendConfirmation({ ...input, now: now() }), held);
      if (decision.ok) deps.log?.info({ signupId: id }, 'confirmation re-sent on a repeated sign-up');
    } catch (err) {
      // The answer stays "already registered" whatever happens here.
      deps.log?.warn({ err }, 'could not queue a confirmation re-send');
    }
  }

  /** Deletes a person's row in `trx`, keeping their contribution to the dashboard; the audit keeps no address. */
  async function eraseIn(trx: Kysely<Schema>, id: number, actor: Actor): Promise<boolean> {
    const row = await stores.signups.lock(trx, id);
    if (!row) return false;
    const at = now().toISOString();
    await deps.ledger?.record({ email: row.email, signupId: id, at }, trx);
    await events.webhook(trx, 'signup.erased', [row], at);
    await stores.signups.remove(trx, id);
    if (actor.kind === 'operator')
      await auditLogs.operator(trx, { action: 'signup.erase', operatorId: actor.operatorId, signupId: id }, at);
    else await auditLogs.person(trx, { action: actor.kind === 'person' ? 'erase' : 'expire', actor: actor.kind, signupId: id }, at);
    return true;
  }

  /** The checks of an address every way in shares: a refused or (EMAIL_DOMAIN_CHECK=mx) mail-less domain is refused. */
  async function checkAddress(email: string): Promise<void> {
    const refusal = deps.emailDomains.refusal(email);
    if (refusal) throw new EmailDomainRefusedError(refusal);
    if (deps.mailDomains && !(await deps.mailDomains.receivesMail(email.slice(email.lastIndexOf('@') + 1)))) {
      throw new EmailDomainRefusedError('undeliverable');
    }
  }

  return {
    /**
     * Stores one sign-up and queues its confirmation mail. With an idempotency key, a retry of the same request
     * answers 'replayed' (even when it races the original); an address already on the list throws
     * DuplicateEmailError after the re-send rules had their say; an address on a refused domain throws
     * EmailDomainRefusedError and nothing is stored or sent.
     */
    async signUp(body: SignupBody, idempotencyKey?: string, proof?: string, client?: { network: string }): Promise<SignupOutcome> {
      await checkAddress(body.email);
      // Without a valid, unused proof of work the sign-up is stored all the same; only its mail waits for the budget.
      const verified = proof !== undefined && (await deps.proofOfWork.verify(proof));
      const held = deps.mailBudget.holds(verified);
      // Why the sign-up may deserve a second look in the console's review queue.
      const flags: SignupFlag[] = [];
      if (!verified) flags.push('no-proof-of-work');
      if (client && bursts.isBurst(client.network)) flags.push('burst');
      const requestHash = idempotencyKey ? sha256(JSON.stringify(body)) : '';
      if (idempotencyKey && (await isReplay(idempotencyKey, requestHash))) return 'replayed';
      const row = toNewSignupRow(body, now().toISOString(), flags);
      try {
        await newSignups.submit({ row, held, idempotencyKey, requestHash });
        deps.mailQueued?.();
        return 'created';
      } catch (error) {
        const keyTaken = error instanceof IdempotencyKeyTakenError || classifyDbError(error).kind === 'unique';
        // Lost the race against our own earlier attempt (same key, same request): it committed, so this is a replay.
        if (idempotencyKey && (keyTaken || error instanceof DuplicateEmailError) && (await isReplay(idempotencyKey, requestHash))) {
          return 'replayed';
        }
        if (error instanceof DuplicateEmailError) {
          await repeatSignUp(body.email, held);
          throw error;
        }
        if (error instanceof IdempotencyKeyTakenError) throw new IdempotencyKeyReusedError();
        return translateDbError(error);
      }
    },

    /**
     * Someone not on the list joins with a partner code (issue 23): one claim of the code and the sign-up, confirmed
     * by the code and attributed to it, in one transaction, so a refused code stores nothing and an address already
     * on the list takes no claim. The person gets a welcome mail with their links instead of a confirmation.
     * Throws PartnerCodeRefusedError, DuplicateEmailError or EmailDomainRefusedError; a retry with the same key
     * (the form's token) answers 'replayed'.
     */
    async joinWithCode(body: SignupBody, codeHash: string | null, idempotencyKey?: string): Promise<SignupOutcome> {
      if (codeHash === null) throw new PartnerCodeRefusedError('unknown');
      await checkAddress(body.email);
      const requestHash = idempotencyKey ? sha256(JSON.stringify({ ...body, partnerCode: codeHash })) : '';
      if (idempotencyKey && (await isReplay(idempotencyKey, requestHash))) return 'replayed';
      const at = now().toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const claim = await stores.partnerCodes.claim(trx, codeHash, at);
          if (!claim.ok) throw new PartnerCodeRefusedError(claim.problem);
          const row = { ...toNewSignupRow(body, at), confirmed_at: at, partner_code_id: claim.id };
          const [id] = await stores.signups.insertNew(trx, [row]);
          if (id === undefined) throw new DuplicateEmailError();
          const stored: SignupRow = { ...row, id };
          if (idempotencyKey) {
            await stores.idempotencyKeys.insertFree(trx, [
              { key: idempotencyKey, request_hash: requestHash, signup_id: id, created_at: at },
            ]);
          }
          await events.welcomeMail(trx, id, at);
          await events.webhook(trx, 'signup.created', [stored], at);
          await events.webhook(trx, 'signup.confirmed', [stored], at);
          await auditLogs.person(trx, { action: 'confirm', actor: 'person', signupId: id }, at);
          await events.confirmedNotices(trx, id, at);
        });
      } catch (error) {
        if (idempotencyKey && classifyDbError(error).kind !== 'unavailable' && (await isReplay(idempotencyKey, requestHash))) {
          return 'replayed';
        }
        if (error instanceof PartnerCodeRefusedError || error instanceof DuplicateEmailError) throw error;
        return translateDbError(error);
      }
      deps.mailQueued?.();
      return 'created';
    },

    /** An operator re-sends a confirmation: more often than a repeated sign-up may, but not twice within 10 minutes. */
    async resendConfirmation(id: number): Promise<ResendDecision | { ok: false; reason: 'opted-out' | 'erased' }> {
      return queueResend(id, (input) =>
        mayResendConfirmation({ ...input, history: input.history.map((h) => ({ ...h, resend: false })), now: now() }),
      );
    },

    /** Spends a confirmation token and confirms its person; false when it was spent meanwhile (a double submit). */
    async confirm(tokenHash: string, signupId: number): Promise<boolean> {
      const at = now().toISOString();
      return transaction(async (trx) => {
        const row = await stores.signups.lock(trx, signupId);
        if (!row || !(await stores.personTokens.spend(trx, tokenHash, 'confirm', at))) return false;
        await stores.signups.setConfirmed(trx, signupId, at);
        // Other confirmation links of the same person are now pointless.
        await stores.personTokens.spendAll(trx, signupId, 'confirm', at);
        await auditLogs.person(trx, { action: 'confirm', actor: 'person', signupId }, at);
        await events.webhook(trx, 'signup.confirmed', [{ ...row, confirmed_at: row.confirmed_at ?? at }], at);
        await events.confirmedNotices(trx, signupId, at);
        return true;
      });
    },

    /**
     * Corrects stored answers: outcomes are a set, an emptied "Other" text is no text, a new address brings its
     * company. Only what really changes is written, audited (field names, never values) and announced.
     */
    async correct(id: number, correction: AdminCorrection, actor: Actor): Promise<{ row: SignupRow; changed: string[] } | undefined> {
      return transaction(async (trx) => {
        const current = await stores.signups.lock(trx, id);
        if (!current) return undefined;
        const next: SignupChanges = { ...correction };
        if (next.desired_outcomes) next.desired_outcomes = [...new Set(next.desired_outcomes)];
        if (next.other_outcome !== undefined) next.other_outcome = next.other_outcome?.trim() || null;
        const changed = (Object.keys(next) as (keyof SignupChanges)[]).filter(
          (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
        );
        if (changed.length === 0) return { row: current, changed };
        const changes = Object.fromEntries(changed.map((key) => [key, next[key]])) as SignupChanges;
        if (changes.email !== undefined) {
          const company = companyOf(changes.email);
          Object.assign(changes, { company_domain: company.domain, free_mail: company.freeMail });
        }
        await stores.signups.update(trx, id, changes);
        const at = now().toISOString();
        if (actor.kind === 'operator')
          await auditLogs.operator(trx, { action: 'signup.correct', operatorId: actor.operatorId, signupId: id, fields: changed }, at);
        else await auditLogs.person(trx, { action: 'correct', actor: 'person', signupId: id, fields: changed }, at);
        const row = (await stores.signups.find(trx, id))!;
        await events.webhook(trx, 'signup.updated', [row], at);
        return { row, changed };
      });
    },

    /** Records the opt-out (idempotent) and cancels queued confirmation mail; a data link asked for still goes. */
    async unsubscribe(id: number): Promise<boolean> {
      const at = now().toISOString();
      return transaction(async (trx) => {
        const row = await stores.signups.lock(trx, id);
        if (!row || !(await stores.signups.setOptedOut(trx, id, at))) return false;
        await stores.outbox.cancelPending(trx, id, MAIL_TOPICS.confirmation, 'opted out');
        await auditLogs.person(trx, { action: 'unsubscribe', actor: 'person', signupId: id }, at);
        await events.webhook(trx, 'signup.unsubscribed', [{ ...row, marketing_opt_out_at: at }], at);
        return true;
      });
    },

    /** Sets the follow-up status of each id that exists and has another one; each change is logged with its operator. */
    async setStatus(ids: readonly number[], status: FollowUpStatus, operatorId: number): Promise<{ changed: number[]; missing: number[] }> {
      const unique = [...new Set(ids)];
      const at = now().toISOString();
      return transaction(async (trx) => {
        const found = await stores.signups.statuses(trx, unique);
        const changed = unique.filter((id) => found.has(id) && found.get(id) !== status);
        if (changed.length > 0) {
          await stores.signups.setStatus(trx, changed, status);
          await stores.followUp.logStatusChanges(
            trx,
            changed.map((id) => ({ signupId: id, from: found.get(id)!, to: status, operatorId, at })),
          );
          await events.webhook(trx, 'signup.updated', await stores.signups.findMany(trx, changed), at);
        }
        return { changed, missing: unique.filter((id) => !found.has(id)) };
      });
    },

    /**
     * Inside an invitation wave's transaction (services/invitations.ts): these people are invited now. Their follow-up
     * status becomes `invited` (logged with the operator who made the wave) and `signup.invited` goes out.
     */
    async markInvitedIn(trx: Kysely<Schema>, ids: readonly number[], operatorId: number | null, at: string): Promise<void> {
      if (ids.length === 0) return;
      const found = await stores.signups.statuses(trx, ids);
      const changed = ids.filter((id) => found.has(id) && found.get(id) !== 'invited');
      if (changed.length > 0) {
        await stores.signups.setStatus(trx, changed, 'invited');
        if (operatorId !== null) {
          await stores.followUp.logStatusChanges(
            trx,
            changed.map((id) => ({ signupId: id, from: found.get(id)!, to: 'invited' as const, operatorId, at })),
          );
        }
      }
      await events.webhook(trx, 'signup.invited', await stores.signups.findMany(trx, ids), at);
    },

    /** Inside an acceptance's transaction: the person took up their invitation (status `joined`, `signup.accepted`). */
    async markAcceptedIn(trx: Kysely<Schema>, id: number, at: string): Promise<SignupRow | undefined> {
      const row = await stores.signups.lock(trx, id);
      if (!row) return undefined;
      if (row.status !== 'joined') await stores.signups.setStatus(trx, [id], 'joined');
      const joined = { ...row, status: 'joined' as const };
      await events.webhook(trx, 'signup.accepted', [joined], at);
      return joined;
    },

    /** Erases a person: their row, and with it their mail, tokens, notes and keys; the dashboard keeps their counts. */
    erase: (id: number, actor: Actor): Promise<boolean> => transaction((trx) => eraseIn(trx, id, actor)),

    /** Erases sign-ups still unconfirmed whose confirmation mail went out before `cutoff`, one transaction per person. */
    /** Erases the unconfirmed sign-ups whose confirmation mail went out before `cutoff`, each in its own transaction. */
    async eraseExpired(cutoff: Date, signal?: AbortSignal): Promise<number> {
      let total = 0;
      for (;;) {
        const ids = await stores.signups.unconfirmedSince(cutoff.toISOString(), EXPIRY_BATCH);
        for (const id of ids) {
          // Shutting down: the rest waits for the next run (of this copy or another).
          if (signal?.aborted) return total;
          if (await transaction((trx) => eraseIn(trx, id, { kind: 'system' }))) total += 1;
        }
        if (ids.length < EXPIRY_BATCH) return total;
      }
    },

    /**
     * The worker delivered an outbox row: a first confirmation mail starts the retention clock; an event about a
     * person erased meanwhile is deleted once delivered, so nothing about them stays behind.
     */
    /** A row was delivered: recorded with others delivered at the same moment (see `deliveries`). */
    recordDelivery: (input: { id: number; workerId: string; sentAt: Date }): Promise<void> => deliveries.submit(input),

    /** Forgets idempotency keys past their day (they hold a hash of personal data). */
    pruneIdempotencyKeys: () => stores.idempotencyKeys.pruneBefore(new Date(now().getTime() - IDEMPOTENCY_TTL_MS).toISOString()),

    /** Waits for sign-ups still being committed (shutdown). */
    drain: () => Promise.all([newSignups.drain(), deliveries.drain()]).then(() => undefined),
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
