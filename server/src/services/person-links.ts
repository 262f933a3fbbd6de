import type { AdminCorrection, PersonView } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { FollowUpStore } from '../db/stores/follow-up';
import type { InvitationStore } from '../db/stores/invitations';
import type { OutboxStore } from '../db/stores/outbox';
import type { PartnerCodeStore } from '../db/stores/partner-codes';
import type { PersonTokenStore } from '../db/stores/person-tokens';
import type { SignupRow, SignupStore } from '../db/stores/signups';
import { checkToken, issueToken, tokenLookupHash, type TokenProblem, type TokenPurpose } from '../lib/tokens';
import type { Questions } from './questions';
import { MAIL_TOPICS, type SignupEvents } from './signup-events';
import { toPersonExport, toPersonView, type PersonExport } from './signup-views';
import type { SignupService } from './signups';
import type { UseCases } from './use-case';

/**
 * What a person can do from the links in our mail, independent of HTTP: every operation starts from a token,
 * checks it for its one purpose, and acts on that person's row only, through the sign-up service. `resolve`
 * (what a GET does) never changes anything: mail scanners fetch every link.
 */

export type TokenFailure = { ok: false; problem: TokenProblem; status: 400 | 404 | 410 };

/** A usable token: whose it is, its stored hash, and when it stops working. */
export type Resolved = { ok: true; person: SignupRow; hash: string; expiresAt: Date } | TokenFailure;

/** Malformed → 400; unknown or meant for another page → 404 (which says no more than "not a link of ours"); expired or spent → 410. */
export const TOKEN_PROBLEM_STATUS: Readonly<Record<TokenProblem, 400 | 404 | 410>> = {
  malformed: 400,
  unknown: 404,
  'wrong-purpose': 404,
  expired: 410,
  used: 410,
};

/** One data link every 10 minutes per person is plenty; more would let anyone flood an inbox. */
const DATA_LINK_INTERVAL_MS = 10 * 60 * 1000;

export interface PersonLinksDeps {
  database: Database;
  signups: SignupService;
  stores: {
    signups: SignupStore;
    personTokens: PersonTokenStore;
    outbox: OutboxStore;
    followUp: FollowUpStore;
    invitations: InvitationStore;
    partnerCodes: PartnerCodeStore;
  };
  events: SignupEvents;
  useCases: UseCases;
  /** The questions after confirming (services/questions.ts); absent: none are asked. */
  questions?: Questions;
  now?: () => Date;
}

/** What a person may correct themselves: everything an operator may, but the address (it is how we know them). */
export type PersonCorrection = Omit<AdminCorrection, 'email'>;

export function createPersonLinks({ database, signups, stores, events, useCases, questions, now = () => new Date() }: PersonLinksDeps) {
  const { db } = database;
  const person = (id: number) => stores.signups.find(db, id);
  /** The label of the partner code they joined with, or null. */
  const partnerCodeOf = async (row: SignupRow) =>
    row.partner_code_id === null ? null : ((await stores.partnerCodes.labels(db, [row.partner_code_id])).get(row.partner_code_id) ?? null);

  async function resolve(presented: unknown, purpose: TokenPurpose): Promise<Resolved> {
    const hash = tokenLookupHash(presented);
    const row = hash ? await stores.personTokens.find(hash) : undefined;
    const check = checkToken(presented, row, purpose, now());
    if (!check.ok) return { ok: false, problem: check.problem, status: TOKEN_PROBLEM_STATUS[check.problem] };
    const found = await person(row!.signupId);
    if (!found) return { ok: false, problem: 'unknown', status: 404 };
    return { ok: true, person: found, hash: hash!, expiresAt: new Date(row!.expires_at) };
  }

  /** Resolves, acts, and answers the person as they are afterwards. */
  const acting =
    (purpose: TokenPurpose, act: (resolved: Resolved & { ok: true }) => Promise<unknown>) =>
    async (presented: unknown): Promise<Resolved> => {
      const resolved = await resolve(presented, purpose);
      if (!resolved.ok) return resolved;
      await act(resolved);
      return { ...resolved, person: (await person(resolved.person.id)) ?? resolved.person };
    };

  return {
    resolve,

    /** The questions this person is asked now, with their answers (none: an empty list). */
    questionsFor: (row: SignupRow) => questions?.forPerson(row.id, row.locale) ?? Promise.resolve([]),

    /**
     * A data-link token for the answers' form on the page after confirming (a hidden field: it never enters the
     * address bar); like the one in their mail, it works for the data page's lifetime.
     */
    async answerToken(row: SignupRow): Promise<string> {
      const issued = issueToken('manage', now());
      await stores.personTokens.save(row.id, [issued]);
      return issued.token;
    },

    /** Answers from a form, by the data link's token: invalid answers change nothing (`valid: false`). */
    async answer(presented: unknown, form: (name: string) => string[]): Promise<(Resolved & { ok: true; valid: boolean }) | TokenFailure> {
      const resolved = await resolve(presented, 'manage');
      if (!resolved.ok) return resolved;
      const valid = (await questions?.answer(resolved.person.id, form)) ?? true;
      return { ...resolved, valid };
    },

    /** What the person's data page shows of them: their row, the partner code they joined with, their invitation. */
    view: async (row: SignupRow): Promise<PersonView> =>
      toPersonView(row, { invitation: await stores.invitations.forSignup(db, row.id), partnerCode: await partnerCodeOf(row) }),

    /** POST of the confirm page: spends the token; a double submit finds it spent (410) and changes nothing. */
    async confirm(presented: unknown): Promise<Resolved> {
      const resolved = await resolve(presented, 'confirm');
      if (!resolved.ok) return resolved;
      if (!(await signups.confirm(resolved.hash, resolved.person.id))) return { ok: false, problem: 'used', status: 410 };
      return { ...resolved, person: (await person(resolved.person.id))! };
    },

    unsubscribe: acting('unsubscribe', (resolved) => signups.unsubscribe(resolved.person.id)),

    async exportData(presented: unknown): Promise<{ ok: true; data: PersonExport } | TokenFailure> {
      const resolved = await resolve(presented, 'manage');
      if (!resolved.ok) return resolved;
      const at = now().toISOString();
      await useCases.run((change) => change.auditPerson({ action: 'export', actor: 'person', signupId: resolved.person.id }));
      const { id } = resolved.person;
      const invitation = await stores.invitations.forSignup(db, id);
      const partnerCode = await partnerCodeOf(resolved.person);
      const answers = ((await questions?.answersOf([id]))?.get(id) ?? []).map((a) => ({
        question: a.question,
        answer: a.answer,
        answered_at: a.answered_at,
      }));
      const data = toPersonExport(resolved.person, await stores.followUp.notesFor(id), at, { invitation, partnerCode });
      // Their answers beside the rest, before the moment of the export.
      const { exported_at, ...rest } = data;
      return { ok: true, data: { ...rest, answers, exported_at } };
    },

    async correct(presented: unknown, changes: PersonCorrection): Promise<(Resolved & { ok: true; fields: string[] }) | TokenFailure> {
      const resolved = await resolve(presented, 'manage');
      if (!resolved.ok) return resolved;
      const result = await signups.correct(resolved.person.id, changes, { kind: 'person' });
      if (!result) return { ok: false, problem: 'unknown', status: 404 };
      return { ...resolved, person: result.row, fields: result.changed };
    },

    async erase(presented: unknown): Promise<{ ok: true } | TokenFailure> {
      const resolved = await resolve(presented, 'manage');
      if (!resolved.ok) return resolved;
      await signups.erase(resolved.person.id, { kind: 'person' });
      return { ok: true };
    },

    /**
     * "Send me my link": queues a data-link mail when the address is on the list. The caller answers the same
     * either way; this returns whether a mail was queued only for tests and metrics, never for the response.
     */
    async requestDataLink(email: string): Promise<boolean> {
      return useCases.run(async (change) => {
        const { trx } = change;
        const at = Date.parse(change.at);
        const found = await stores.signups.idByEmail(trx, email);
        // The person's row is locked before their mail history is read, so racing requests queue one mail, not one each.
        const signupId = found === undefined ? undefined : (await stores.signups.lock(trx, found))?.id;
        const recent = signupId === undefined ? [] : await stores.outbox.history(trx, signupId, MAIL_TOPICS.dataLink);
        const queue = signupId !== undefined && !recent.some((h) => at - h.createdAt.getTime() < DATA_LINK_INTERVAL_MS);
        if (queue) await events.dataLinkMail(change, signupId);
        await change.auditPerson({ action: 'data-link', actor: 'person', signupId: signupId ?? null });
        return queue;
      });
    },
  };
}

export type PersonLinks = ReturnType<typeof createPersonLinks>;
