import { checkToken, tokenLookupHash, type TokenProblem, type TokenPurpose } from '../../lib/tokens';
import type { OutboxRepository } from '../../db/stores/outbox';
import type { PersonCorrection, PersonDataRepository, StoredPerson } from '../../db/stores/person-data';

/**
 * What a person can do from the links in our mail, independent of HTTP: every operation starts from a token,
 * checks it for its one purpose, and acts on that person's row only. GET-side operations (`view*`) never change
 * anything; mail scanners fetch every link.
 */

export type TokenFailure = { ok: false; problem: TokenProblem; status: 400 | 404 | 410 };

export type Resolved = { ok: true; person: StoredPerson; hash: string } | TokenFailure;

/** Malformed → 400; unknown or meant for another page → 404 (which says no more than "not a link of ours"); expired or spent → 410. */
export const TOKEN_PROBLEM_STATUS: Readonly<Record<TokenProblem, 400 | 404 | 410>> = {
  malformed: 400,
  unknown: 404,
  'wrong-purpose': 404,
  expired: 410,
  used: 410,
};

export interface SelfServiceDeps {
  people: PersonDataRepository;
  outbox: OutboxRepository;
  now?: () => Date;
}

export interface PersonExport {
  email: string;
  role: string;
  company_size: string;
  desired_outcomes: string[];
  other_outcome: string | null;
  locale: string;
  signed_up_at: string;
  consented_at: string;
  privacy_policy_version: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  marketing_opt_out_at: string | null;
  company_domain: string | null;
  /** utm_* tags, referring site and landing page of the visit that signed up. */
  came_from: Record<string, string>;
  follow_up_status: string;
  follow_up_notes: { note: string; written_at: string }[];
  exported_at: string;
}

export function createSelfService({ people, outbox, now = () => new Date() }: SelfServiceDeps) {
  async function resolve(presented: unknown, purpose: TokenPurpose): Promise<Resolved> {
    const hash = tokenLookupHash(presented);
    const row = hash ? await people.findToken(hash) : undefined;
    const check = checkToken(presented, row, purpose, now());
    if (!check.ok) return { ok: false, problem: check.problem, status: TOKEN_PROBLEM_STATUS[check.problem] };
    const person = await people.person(row!.signupId);
    if (!person) return { ok: false, problem: 'unknown', status: 404 };
    return { ok: true, person, hash: hash! };
  }

  return {
    resolve,

    /** POST of the confirm page: spends the token; a double submit finds it spent (410) and changes nothing. */
    async confirm(presented: unknown): Promise<Resolved> {
      const resolved = await resolve(presented, 'confirm');
      if (!resolved.ok) return resolved;
      if (!(await people.confirm(resolved.hash, now()))) return { ok: false, problem: 'used', status: 410 };
      return { ok: true, person: (await people.person(resolved.person.id))!, hash: resolved.hash };
    },

    async unsubscribe(presented: unknown): Promise<Resolved> {
      const resolved = await resolve(presented, 'unsubscribe');
      if (!resolved.ok) return resolved;
      await people.optOut(resolved.person.id, now());
      return { ok: true, person: (await people.person(resolved.person.id))!, hash: resolved.hash };
    },

    async exportData(presented: unknown): Promise<{ ok: true; data: PersonExport } | TokenFailure> {
      const resolved = await resolve(presented, 'manage');
      if (!resolved.ok) return resolved;
      const p = resolved.person;
      await people.recordExport(p.id, now());
      return {
        ok: true,
        data: {
          email: p.email,
          role: p.role,
          company_size: p.companySize,
          desired_outcomes: p.desiredOutcomes,
          other_outcome: p.otherOutcome,
          locale: p.locale,
          signed_up_at: p.createdAt,
          consented_at: p.consentedAt,
          privacy_policy_version: p.privacyPolicyVersion,
          confirmation_sent_at: p.confirmationSentAt,
          confirmed_at: p.confirmedAt,
          marketing_opt_out_at: p.marketingOptOutAt,
          company_domain: p.companyDomain,
          came_from: p.attribution,
          follow_up_status: p.followUpStatus,
          follow_up_notes: await people.notesAbout(p.id),
          exported_at: now().toISOString(),
        },
      };
    },

    async correct(presented: unknown, changes: PersonCorrection): Promise<(Resolved & { ok: true; fields: string[] }) | TokenFailure> {
      const resolved = await resolve(presented, 'manage');
      if (!resolved.ok) return resolved;
      const fields = await people.correct(resolved.person.id, changes, now());
      return { ok: true, person: (await people.person(resolved.person.id))!, hash: resolved.hash, fields };
    },

    async erase(presented: unknown): Promise<{ ok: true } | TokenFailure> {
      const resolved = await resolve(presented, 'manage');
      if (!resolved.ok) return resolved;
      await people.erase(resolved.person.id, 'person', now());
      return { ok: true };
    },

    /**
     * "Send me my link": queues a data-link mail when the address is on the list. The caller answers the same
     * either way; this returns whether a mail was queued only for tests and metrics, never for the response.
     */
    async requestDataLink(email: string): Promise<boolean> {
      const signupId = await people.idByEmail(email);
      if (signupId === undefined) {
        await people.recordDataLinkRequest(null, now());
        return false;
      }
      const recent = await outbox.history(signupId, 'data-link');
      const at = now();
      // One link every 10 minutes per person is plenty; more would let anyone flood an inbox.
      if (recent.some((h) => at.getTime() - h.createdAt.getTime() < 10 * 60 * 1000)) {
        await people.recordDataLinkRequest(signupId, at);
        return false;
      }
      await outbox.queueMail({ signupId, topic: 'data-link' }, at);
      await people.recordDataLinkRequest(signupId, at);
      return true;
    },
  };
}

export type SelfService = ReturnType<typeof createSelfService>;
