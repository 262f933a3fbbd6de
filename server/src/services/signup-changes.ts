import type { AdminCorrection, FollowUpStatus } from '@waitlist/contract';
import type { Executor } from '../db/connection';
import type { AuditTrail } from '../db/stores/audit-trail';
import type { FitScores } from '../db/stores/fit-scores';
import type { FollowUpStore } from '../db/stores/follow-up';
import type { OutboxStore } from '../db/stores/outbox';
import type { SignupChanges, SignupRow, SignupStore } from '../db/stores/signups';
import { companyOf } from '../lib/company';
import type { ErasureLedger } from '../io/erasure-ledger';
import { MAIL_TOPICS, type SignupEvents } from './signup-events';
import type { Change, UseCases } from './use-case';

/** Who acts: the person through a link we mailed them, an operator in the console, or a rule of ours. */
export type Actor = { kind: 'person' } | { kind: 'operator'; operatorId: number } | { kind: 'system' };

/** An operator's attempt on a sign-up that is not there (erased meanwhile, or a wrong id). */
const notFound = (action: string, operatorId: number, signupId: number) =>
  ({ action, operatorId, signupId, outcome: 'failed', detail: 'not found' }) as const;

/** Unconfirmed sign-ups past their retention are erased this many at a time, one transaction per person. */
const EXPIRY_BATCH = 200;

/**
 * What changes a sign-up after it was made, one function per use case: correct (by the person or an operator: one set
 * of rules), unsubscribe, the follow-up status, being invited and accepting, erasure (by the person, an operator or the
 * retention rule). Each runs in one change (use-case.ts): the row, its audit entry and its webhook events together.
 */
export interface SignupChangeDeps {
  stores: {
    signups: SignupStore;
    outbox: OutboxStore;
    followUp: FollowUpStore;
    auditTrail: Pick<AuditTrail, 'addressSetBy'>;
    fitScores: Pick<FitScores, 'rescoreOne'>;
  };
  events: SignupEvents;
  useCases: UseCases;
  /** Every erasure is also written here, before it commits, so a restore can apply it again (io/erasure-ledger.ts). */
  ledger?: ErasureLedger | undefined;
}

/**
 * A change to a sign-up that another use case makes in its own transaction, written here so the sign-up store's writes
 * are called from the sign-up services only (docs/architecture.md; eslint.config.js: signupWritesFromSignupServices).
 */
export const signupChangesIn = (signups: Pick<SignupStore, 'setLinks' | 'setConfirmationSent'>) => ({
  /** The person's next call moved, was booked or was cancelled (services/bookings.ts): the row's `meeting_at`. */
  meetingMoved: (trx: Executor, signupId: number, meetingAt: string | null) => signups.setLinks(trx, signupId, { meeting_at: meetingAt }),
  /** Their first confirmation mail went out (services/deliveries.ts): the retention clock of each starts at `at`. */
  confirmationSent: (trx: Executor, ids: readonly number[], at: string) => signups.setConfirmationSent(trx, ids, at),
});

export function createSignupChanges(deps: SignupChangeDeps) {
  const { stores, events, useCases } = deps;

  /** Deletes a person's row in `change`, keeping their contribution to the dashboard; the audit keeps no address. */
  async function eraseIn(change: Change, id: number, actor: Actor): Promise<boolean> {
    const row = await stores.signups.lock(change.trx, id);
    if (!row) {
      if (actor.kind === 'operator') await change.audit(notFound('signup.erase', actor.operatorId, id));
      return false;
    }
    await deps.ledger?.record({ email: row.email, signupId: id, at: change.at }, change.trx);
    await events.announce(change, 'signup.erased', [row]);
    await stores.signups.remove(change.trx, id);
    if (actor.kind === 'operator') await change.audit({ action: 'signup.erase', operatorId: actor.operatorId, signupId: id });
    else await change.auditPerson({ action: actor.kind === 'person' ? 'erase' : 'expire', actor: actor.kind, signupId: id });
    // Through the link of an address an operator set and nobody confirmed: whoever holds that address is that operator's
    // doing, not the person's, and the operators' trail says so.
    const setBy = actor.kind === 'person' && !row.confirmed_at ? await stores.auditTrail.addressSetBy(change.trx, id) : null;
    if (setBy !== null) {
      await change.audit({
        action: 'signup.erase',
        operatorId: setBy,
        signupId: id,
        detail: 'through the link mailed to an address this operator set, before its owner confirmed',
      });
    }
    return true;
  }

  return {
    /**
     * Corrects stored answers: outcomes are a set, an emptied "Other" text is no text, a new address brings its
     * company. Only what really changes is written, audited (field names, never values) and announced.
     */
    async correct(id: number, correction: AdminCorrection, actor: Actor): Promise<{ row: SignupRow; changed: string[] } | undefined> {
      return useCases.run(async (change) => {
        const current = await stores.signups.lock(change.trx, id);
        if (!current) {
          if (actor.kind === 'operator') await change.audit(notFound('signup.correct', actor.operatorId, id));
          return undefined;
        }
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
        await stores.signups.update(change.trx, id, changes);
        // The answers and the address are what the fit score weighs: the person's score follows at once (someone
        // imported without answers who gives them on their data page joins the short list where they belong).
        await stores.fitScores.rescoreOne(change.trx, id);
        // A new address is not its owner's consent, whoever typed it: unconfirmed until that owner confirms, by the
        // confirmation mail that goes to it now (an operator holding the address could otherwise act as the person).
        if (changes.email !== undefined) {
          await stores.signups.setUnconfirmed(change.trx, id, change.at);
          await events.addressConfirmationMail(change, id, current.locale);
        }
        if (actor.kind === 'operator')
          await change.audit({ action: 'signup.correct', operatorId: actor.operatorId, signupId: id, fields: changed });
        else await change.auditPerson({ action: 'correct', actor: 'person', signupId: id, fields: changed });
        const row = (await stores.signups.find(change.trx, id))!;
        await events.announce(change, 'signup.updated', [row]);
        return { row, changed };
      });
    },

    /** Records the opt-out (idempotent) and cancels queued confirmation mail; a data link asked for still goes. */
    async unsubscribe(id: number): Promise<boolean> {
      return useCases.run(async (change) => {
        const row = await stores.signups.lock(change.trx, id);
        if (!row || !(await stores.signups.setOptedOut(change.trx, id, change.at))) return false;
        await stores.outbox.cancelPending(change.trx, id, MAIL_TOPICS.confirmation, 'opted out');
        await change.auditPerson({ action: 'unsubscribe', actor: 'person', signupId: id });
        await events.announce(change, 'signup.unsubscribed', [{ ...row, marketing_opt_out_at: change.at }]);
        return true;
      });
    },

    /** Sets the follow-up status of each id that exists and has another one; each change is logged with its operator. */
    async setStatus(ids: readonly number[], status: FollowUpStatus, operatorId: number): Promise<{ changed: number[]; missing: number[] }> {
      const unique = [...new Set(ids)];
      return useCases.run(async (change) => {
        const found = await stores.signups.statuses(change.trx, unique);
        const changed = unique.filter((id) => found.has(id) && found.get(id) !== status);
        if (changed.length > 0) {
          await stores.signups.setStatus(change.trx, changed, status);
          await stores.followUp.logStatusChanges(
            change.trx,
            changed.map((id) => ({ signupId: id, from: found.get(id)!, to: status, operatorId, at: change.at })),
          );
          await events.announce(change, 'signup.updated', await stores.signups.findMany(change.trx, changed));
        }
        await change.audit({ action: 'signup.status', operatorId, target: 'signups', detail: `${changed.length} set to ${status}` });
        return { changed, missing: unique.filter((id) => !found.has(id)) };
      });
    },

    /**
     * Inside an invitation wave's change (services/invitations.ts): these people are invited now. Their follow-up
     * status becomes `invited` (logged with the operator who made the wave) and `signup.invited` goes out.
     */
    async markInvitedIn(change: Change, ids: readonly number[], operatorId: number | null): Promise<void> {
      if (ids.length === 0) return;
      const found = await stores.signups.statuses(change.trx, ids);
      const changed = ids.filter((id) => found.has(id) && found.get(id) !== 'invited');
      if (changed.length > 0) {
        await stores.signups.setStatus(change.trx, changed, 'invited');
        if (operatorId !== null) {
          await stores.followUp.logStatusChanges(
            change.trx,
            changed.map((id) => ({ signupId: id, from: found.get(id)!, to: 'invited' as const, operatorId, at: change.at })),
          );
        }
      }
      await events.announce(change, 'signup.invited', await stores.signups.findMany(change.trx, ids));
    },

    /** Inside an acceptance's change: the person took up their invitation (status `joined`, `signup.accepted`). */
    async markAcceptedIn(change: Change, id: number): Promise<SignupRow | undefined> {
      const row = await stores.signups.lock(change.trx, id);
      if (!row) return undefined;
      if (row.status !== 'joined') await stores.signups.setStatus(change.trx, [id], 'joined');
      const joined = { ...row, status: 'joined' as const };
      await events.announce(change, 'signup.accepted', [joined]);
      return joined;
    },

    /** An operator's note about a person: the team reads it; the person's own copy of their data has it without the author. */
    async addNote(id: number, author: { operatorId: number; email: string }, body: string): Promise<boolean> {
      return useCases.run(async (change) => {
        if (!(await stores.signups.lock(change.trx, id))) {
          await change.audit(notFound('signup.note', author.operatorId, id));
          return false;
        }
        await stores.followUp.addNote(change.trx, id, author.email, body, change.at);
        await change.audit({ action: 'signup.note', operatorId: author.operatorId, signupId: id });
        return true;
      });
    },

    /** Erases a person: their row, and with it their mail, tokens, notes and keys; the dashboard keeps their counts. */
    erase: (id: number, actor: Actor): Promise<boolean> => useCases.run((change) => eraseIn(change, id, actor)),

    /** Erases the unconfirmed sign-ups whose confirmation mail went out before `cutoff`, each in its own transaction. */
    async eraseExpired(cutoff: Date, signal?: AbortSignal): Promise<number> {
      let total = 0;
      for (;;) {
        const ids = await stores.signups.unconfirmedSince(cutoff.toISOString(), EXPIRY_BATCH);
        for (const id of ids) {
          // Shutting down: the rest waits for the next run (of this copy or another).
          if (signal?.aborted) return total;
          if (await useCases.run((change) => eraseIn(change, id, { kind: 'system' }))) total += 1;
        }
        if (ids.length < EXPIRY_BATCH) return total;
      }
    },
  };
}
