import type { SignupBody, SignupFlag } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { ErasureLedger } from '../io/erasure-ledger';
import {
  DatabaseUnavailableError,
  DuplicateEmailError,
  IdempotencyKeyReusedError,
  PartnerCodeRefusedError,
  classifyDbError,
  translateDbError,
} from '../db/errors';
import type { AuditTrail } from '../db/stores/audit-trail';
import type { FitScores } from '../db/stores/fit-scores';
import type { FollowUpStore } from '../db/stores/follow-up';
import type { IdempotencyKeyStore } from '../db/stores/idempotency-keys';
import type { OutboxStore } from '../db/stores/outbox';
import type { PartnerCodeStore } from '../db/stores/partner-codes';
import type { PersonTokenStore } from '../db/stores/person-tokens';
import type { NewSignupRow, SignupRow, SignupStore } from '../db/stores/signups';
import { sha256 } from '../lib/crypto';
import { EmailDomainRefusedError, type EmailDomainPolicy } from '../lib/refused-domains';
import type { MailDomainCheck } from '../io/mx-lookup';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import { createBurstWatch } from './burst-watch';
import type { MailBudget } from './mail-budget';
import type { ProofOfWork } from './proof-of-work';
import { createConfirmationResends } from './confirmation-resends';
import { createSignupChanges } from './signup-changes';
import { MAIL_TOPICS, type SignupEvents } from './signup-events';
import { DEFAULT_FIT, toNewSignupRow, type FitNow } from './signup-views';
import { clampScore } from '../lib/fit-score';
import type { Suppressions } from './suppressions';
import type { UseCases } from './use-case';

export type { Actor } from './signup-changes';

/**
 * The life of a sign-up, one function per use case: sign up (API and form alike), sign up again (the re-send
 * rules), join with a partner's code, import a list, confirm; and what changes it afterwards (signup-changes.ts:
 * correct, unsubscribe, status, invited, accepted, erase). Each runs in one change (use-case.ts) and queues the mail
 * and webhook rows it causes through it (signup-events.ts). Routes, the scheduler and the CLI call these; nothing
 * else writes waitlist_signups (eslint.config.js).
 */

export type SignupOutcome = 'created' | 'replayed';

/** How long a retry may reuse an Idempotency-Key: the keys hold a hash of personal data. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface SignupServiceDeps {
  database: Database;
  stores: {
    signups: SignupStore;
    idempotencyKeys: IdempotencyKeyStore;
    outbox: OutboxStore;
    personTokens: PersonTokenStore;
    followUp: FollowUpStore;
    partnerCodes: PartnerCodeStore;
    auditTrail: Pick<AuditTrail, 'addressSetBy'>;
    fitScores: Pick<FitScores, 'rescoreOne'>;
  };
  events: SignupEvents;
  /** The one door: transactions, audit entries and mail (use-case.ts). */
  useCases: UseCases;
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
  /** Every erasure is also written here, before it commits, so a restore can apply it again (io/erasure-ledger.ts). */
  ledger?: ErasureLedger;
  /** Whether a person who has just confirmed is offered a call with a founder (services/bookings.ts): a mail is queued. */
  callOffered?: (row: { confirmed_at: string | null; fit_score: number }) => boolean;
  /** A person who confirms has shown their mailbox works and wants our mail: any suppression of it is lifted. */
  suppressions?: Pick<Suppressions, 'liftOnConfirmation'>;
  /** The fit score's weights in force (services/fit-rules.ts); absent: the defaults. */
  fit?: () => FitNow;
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
  const { stores, events, useCases } = deps;
  const now = deps.now ?? (() => new Date());
  const bursts = createBurstWatch(() => now().getTime());

  /** New sign-ups, many per transaction under load: the rows, their keys, their confirmation mail and events. */
  const newSignups = useCases.groupCommit<NewSignup>({
    windowMs: deps.batchWindowMs,
    metrics: deps.metrics,
    async write(trx, items) {
      const change = useCases.within(trx);
      const ids = await stores.signups.insertNew(
        trx,
        items.map((i) => i.row),
      );
      const stored = items.flatMap((item, i) =>
        ids[i] === undefined ? [] : [{ ...item.row, id: ids[i]!, meeting_at: null } satisfies SignupRow],
      );
      const keys = items.flatMap((item, i) =>
        item.idempotencyKey && ids[i] !== undefined
          ? [{ key: item.idempotencyKey, request_hash: item.requestHash, signup_id: ids[i]!, created_at: item.row.created_at }]
          : [],
      );
      if ((await stores.idempotencyKeys.insertFree(trx, keys)) !== keys.length) throw new IdempotencyKeyTakenError();
      await events.confirmationMails(
        change,
        items.flatMap((item, i) =>
          ids[i] === undefined ? [] : [{ row: { ...item.row, id: ids[i]!, meeting_at: null }, held: item.held }],
        ),
      );
      await events.announce(change, 'signup.created', stored);
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

  /** The checks of an address every way in shares: a refused or (EMAIL_DOMAIN_CHECK=mx) mail-less domain is refused. */
  async function checkAddress(email: string): Promise<void> {
    const refusal = deps.emailDomains.refusal(email);
    if (refusal) throw new EmailDomainRefusedError(refusal);
    if (deps.mailDomains && !(await deps.mailDomains.receivesMail(email.slice(email.lastIndexOf('@') + 1)))) {
      throw new EmailDomainRefusedError('undeliverable');
    }
  }

  const resends = createConfirmationResends(deps);

  return {
    ...createSignupChanges(deps),
    resendConfirmation: resends.byOperator,
    /** Whether an address's domain is refused (a temporary inbox or a blocked domain), before anything is tried. */
    refusesDomainOf: (email: string): boolean => deps.emailDomains.refusal(email) !== null,

    /**
     * Stores one sign-up and queues its confirmation mail. With an idempotency key, a retry of the same request
     * answers 'replayed' (even when it races the original); an address already on the list throws
     * DuplicateEmailError after the re-send rules had their say; an address on a refused domain throws
     * EmailDomainRefusedError and nothing is stored or sent.
     */
    async signUp(body: SignupBody, idempotencyKey?: string, solution?: string, client?: { network: string }): Promise<SignupOutcome> {
      await checkAddress(body.email);
      // Without a valid, unused proof of work the sign-up is stored all the same; only its mail waits for the budget.
      const verified = solution !== undefined && (await deps.proofOfWork.verify(solution));
      const held = deps.mailBudget.holds(verified);
      // Why the sign-up may deserve a second look in the console's review queue.
      const flags: SignupFlag[] = [];
      if (!verified) flags.push('no-proof-of-work');
      if (client && bursts.isBurst(client.network)) flags.push('burst');
      const requestHash = idempotencyKey ? sha256(JSON.stringify(body)) : '';
      if (idempotencyKey && (await isReplay(idempotencyKey, requestHash))) return 'replayed';
      const row = toNewSignupRow(body, now().toISOString(), flags, deps.fit?.());
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
          await resends.onRepeatedSignUp(body.email, held);
          throw error;
        }
        if (error instanceof IdempotencyKeyTakenError) throw new IdempotencyKeyReusedError();
        return translateDbError(error);
      }
    },

    /**
     * An address entered with a partner code (issue 23): stored attributed to the code, but unconfirmed, and sent a
     * confirmation that says who invited it (a shared code is no one's consent: only the address's owner confirms). The
     * code is claimed when they confirm (confirm below), so addresses nobody confirms never use it up; a code that
     * cannot be claimed now (unknown, expired, full, withdrawn) stores nothing.
     * Throws PartnerCodeRefusedError, DuplicateEmailError or EmailDomainRefusedError; a retry with the same key
     * (the form's token) answers 'replayed'.
     */
    async joinWithCode(body: SignupBody, codeHash: string | null, idempotencyKey?: string): Promise<SignupOutcome> {
      if (codeHash === null) throw new PartnerCodeRefusedError('unknown');
      await checkAddress(body.email);
      const requestHash = idempotencyKey ? sha256(JSON.stringify({ ...body, partnerCode: codeHash })) : '';
      if (idempotencyKey && (await isReplay(idempotencyKey, requestHash))) return 'replayed';
      try {
        await useCases.run(async (change) => {
          const { trx, at } = change;
          const code = await stores.partnerCodes.claimable(trx, codeHash, at);
          if (!code.ok) throw new PartnerCodeRefusedError(code.problem);
          const fit = deps.fit?.() ?? DEFAULT_FIT;
          const base = toNewSignupRow(body, at, [], fit);
          // A partner's code counts in the fit too.
          const row = { ...base, partner_code_id: code.id, fit_score: clampScore(base.fit_score + fit.weights.partner_code) };
          const [id] = await stores.signups.insertNew(trx, [row]);
          if (id === undefined) throw new DuplicateEmailError();
          const stored: SignupRow = { ...row, id, meeting_at: null };
          if (idempotencyKey) {
            await stores.idempotencyKeys.insertFree(trx, [
              { key: idempotencyKey, request_hash: requestHash, signup_id: id, created_at: at },
            ]);
          }
          await events.confirmationMails(change, [{ row: stored, held: false }]);
          await events.announce(change, 'signup.created', [stored]);
        });
      } catch (error) {
        if (idempotencyKey && !(error instanceof DatabaseUnavailableError) && (await isReplay(idempotencyKey, requestHash))) {
          return 'replayed';
        }
        throw error;
      }
      deps.mailQueued?.();
      return 'created';
    },

    /**
     * People of another list (services/imports.ts), stored unconfirmed in one change a batch: their rows, their
     * `signup.created` events and, when asked, a confirmation mail each in the bulk lane. Answers the ids stored (an
     * address already on the list is skipped).
     */
    async importBatch(rows: readonly NewSignupRow[], options: { confirmByMail: boolean }): Promise<number[]> {
      return useCases.run(async (change) => {
        const ids = await stores.signups.insertNew(change.trx, rows);
        const stored = rows.flatMap((row, i) =>
          ids[i] === undefined ? [] : [{ ...row, id: ids[i]!, meeting_at: null } satisfies SignupRow],
        );
        if (options.confirmByMail && stored.length > 0) {
          await change.mail(
            stored.map((row) => ({ signupId: row.id, topic: MAIL_TOPICS.confirmation, at: change.at, lane: 'bulk' as const })),
          );
        }
        await events.announce(change, 'signup.created', stored);
        return stored.map((row) => row.id);
      });
    },

    /** Spends a confirmation token and confirms its person; false when it was spent meanwhile (a double submit). */
    async confirm(tokenHash: string, signupId: number): Promise<boolean> {
      return useCases.run(async (change) => {
        const { trx, at } = change;
        const row = await stores.signups.lock(trx, signupId);
        if (!row || !(await stores.personTokens.spend(trx, tokenHash, 'confirm', at))) return false;
        // Joined with a partner's code: its claim is taken now, by the owner's own click. A code that filled up or ended
        // meanwhile leaves them on the list as anyone else, without the partner's place.
        if (row.partner_code_id !== null && !row.confirmed_at && !(await stores.partnerCodes.claim(trx, row.partner_code_id, at))) {
          await stores.signups.setLinks(trx, signupId, { partner_code_id: null });
        }
        await stores.signups.setConfirmed(trx, signupId, at);
        await deps.suppressions?.liftOnConfirmation(change, row.email);
        // Other confirmation links of the same person are now pointless.
        await stores.personTokens.spendAll(trx, signupId, 'confirm', at);
        await change.auditPerson({ action: 'confirm', actor: 'person', signupId });
        await events.announce(change, 'signup.confirmed', [{ ...row, confirmed_at: row.confirmed_at ?? at }]);
        await events.confirmedNotices(change, signupId);
        if (!row.confirmed_at && deps.callOffered?.({ confirmed_at: at, fit_score: row.fit_score }))
          await events.bookingMail(change, signupId);
        return true;
      });
    },

    /** Forgets idempotency keys past their day (they hold a hash of personal data). */
    pruneIdempotencyKeys: () => stores.idempotencyKeys.pruneBefore(new Date(now().getTime() - IDEMPOTENCY_TTL_MS).toISOString()),

    /** Waits for sign-ups still being committed (shutdown). */
    drain: () => newSignups.drain(),
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
