import {
  MAX_WAVE_SIZE,
  normalizeEmail,
  type AccessRedeemed,
  type AdminWave,
  type AdminWaveCreate,
  type AdminWaveCreated,
  type WaveSkipReason,
} from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { InvitationRow } from '../db/stores/invitations';
import type { SignupRow } from '../db/stores/signups';
import { accessCodeHash, issueAccessCode, tokenLookupHash } from '../lib/tokens';
import { toAdminWave } from './pilot-views';
import { MAIL_TOPICS } from './signup-events';
import type { SignupService } from './signups';
import type { UseCases } from './use-case';
import type { Segments } from './segments';

/**
 * From the list to pilots (issue 23, docs/decisions/0018-mail-lanes-campaigns-and-invitations.md). A wave invites
 * confirmed people, once each: one transaction writes their invitations, sets their status to `invited` (with its
 * webhook) and queues one bulk-lane mail each. The mail's link shows the invitation (a GET changes nothing: mail
 * scanners open every link); its button accepts it, which makes a personal access code (stored hashed) that the
 * product redeems once, for that person's address only, before the invitation expires.
 */
export interface InvitationServiceDeps {
  database: Database;
  stores: Stores;
  signups: SignupService;
  useCases: UseCases;
  /** Who a wave of a segment goes to: a saved segment or the filter given (services/segments.ts). */
  audiences: Pick<Segments, 'audienceOf'>;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many people of a segment a wave looks at, at most (a wave invites at most MAX_WAVE_SIZE). */
const MAX_SEGMENT_READ = 100_000;
/** People handled per round of statements in a wave. */
const WAVE_CHUNK = 500;

export type InvitationProblem = 'malformed' | 'unknown' | 'expired' | 'used';
export type RedeemRefusal = 'unknown' | 'expired' | 'redeemed';

export function createInvitationService({ database, stores, signups, useCases, audiences, now = () => new Date() }: InvitationServiceDeps) {
  const { db } = database;
  const { invitations } = stores;

  const expired = (invitation: InvitationRow) => Date.parse(invitation.expiresAt) <= now().getTime();

  /** The invitation behind a link token, and its person, when the link may still be used. */
  async function resolveLink(
    token: unknown,
  ): Promise<{ ok: true; invitation: InvitationRow; person: SignupRow } | { ok: false; problem: InvitationProblem }> {
    const hash = tokenLookupHash(token);
    if (!hash) return { ok: false, problem: 'malformed' };
    const invitation = await invitations.byLink(hash);
    const person = invitation && (await stores.signups.find(db, invitation.signupId));
    if (!invitation || !person) return { ok: false, problem: 'unknown' };
    if (invitation.redeemedAt) return { ok: false, problem: 'used' };
    if (expired(invitation)) return { ok: false, problem: 'expired' };
    return { ok: true, invitation, person };
  }

  return {
    /** Invites the confirmed people of a selection or segment who hold no invitation yet; says who was skipped and why. */
    async createWave(input: AdminWaveCreate, operatorId: number | null): Promise<AdminWaveCreated> {
      const chosen = input.ids ? new Set(input.ids).size : 0;
      const audience = input.ids
        ? { filter: {}, words: `${chosen === 1 ? '1 person' : `${chosen} people`} chosen on Sign-ups` }
        : await audiences.audienceOf(input);
      return useCases.run(async (change) => {
        const { trx } = change;
        const at = new Date(change.at);
        // A segment is taken oldest first (first come, first invited), or best fit first, until `limit` are invited.
        const candidates = input.ids
          ? [...new Set(input.ids)]
          : await stores.signupListing.segmentIds(
              trx,
              audience.filter,
              MAX_SEGMENT_READ,
              input.order === 'best_fit' ? 'best-fit' : 'oldest',
            );
        const limit = input.limit ?? MAX_WAVE_SIZE;
        const expiresAt = new Date(at.getTime() + input.expires_in_days * DAY_MS).toISOString();
        const waveId = await invitations.insertWave(trx, {
          name: input.name,
          message: input.message ? JSON.stringify(input.message) : null,
          expiresAt,
          createdBy: operatorId,
          at: at.toISOString(),
          audience: audience.words,
        });
        const skips: { id: number; reason: WaveSkipReason }[] = [];
        let invited = 0;
        // A chunk of people at a time, so no statement grows with the wave (SQLite takes 32,766 values a statement).
        for (let start = 0; start < candidates.length && invited < limit; start += WAVE_CHUNK) {
          const chunk = candidates.slice(start, start + WAVE_CHUNK);
          const rows = new Map((await stores.signups.findMany(trx, chunk)).map((r) => [r.id, r]));
          const already = await invitations.invitedAmong(trx, chunk);
          const invite: number[] = [];
          for (const id of chunk) {
            if (invited + invite.length >= limit) break;
            const row = rows.get(id);
            if (!row) skips.push({ id, reason: 'not-found' });
            else if (already.has(id)) skips.push({ id, reason: 'already-invited' });
            else if (!row.confirmed_at) skips.push({ id, reason: 'not-confirmed' });
            else invite.push(id);
          }
          const ids = await invitations.insertInvitations(trx, waveId, invite, expiresAt, at.toISOString());
          await signups.markInvitedIn(change, invite, operatorId);
          await change.mail(
            invite.map((signupId) => ({
              signupId,
              topic: MAIL_TOPICS.invitation,
              payload: { invitationId: ids.get(signupId) },
              at: at.toISOString(),
              lane: 'bulk' as const,
              waveId,
            })),
          );
          invited += invite.length;
        }
        await change.audit({
          action: 'wave.create',
          operatorId,
          target: `wave:${waveId}`,
          detail: `${invited} invited, ${skips.length} skipped; to ${audience.words}`,
        });
        return { id: waveId, invited, skipped: skips.length, skips };
      });
    },

    waves: async (): Promise<AdminWave[]> =>
      Promise.all(
        (await invitations.waves()).map(async (wave) =>
          toAdminWave(
            wave,
            await stores.outbox.sendCounts(db, { waveId: wave.id }),
            await stores.outbox.sendFeedback(db, { waveId: wave.id }),
          ),
        ),
      ),

    /** What the link shows (a GET: nothing changes). */
    resolveLink,

    /**
     * The person pressed Accept: recorded (the first time), status `joined`, and a fresh access code (an earlier one,
     * never redeemed, stops working: pressing twice leaves one code that works).
     */
    async accept(
      token: unknown,
    ): Promise<{ ok: true; code: string; invitation: InvitationRow; person: SignupRow } | { ok: false; problem: InvitationProblem }> {
      const resolved = await resolveLink(token);
      if (!resolved.ok) return resolved;
      const { invitation } = resolved;
      const { code, hash } = issueAccessCode();
      return useCases.run(async (change) => {
        const person = await signups.markAcceptedIn(change, invitation.signupId);
        if (!person) return { ok: false, problem: 'unknown' } as const;
        await invitations.accept(change.trx, invitation.id, hash, invitation.acceptedAt ?? change.at);
        return { ok: true, code, invitation, person } as const;
      });
    },

    /** The product redeems a code for the address the person signs up with there: once, before it expires. */
    async redeem(code: string, email: string): Promise<{ ok: true; redeemed: AccessRedeemed } | { ok: false; reason: RedeemRefusal }> {
      const hash = accessCodeHash(code);
      if (!hash) return { ok: false, reason: 'unknown' };
      return useCases.run(async ({ trx }) => {
        const invitation = await invitations.byCode(trx, hash);
        const person = invitation && (await stores.signups.find(trx, invitation.signupId));
        // A code bound to someone else answers exactly as an unknown one.
        if (!invitation || !person || person.email !== normalizeEmail(email)) return { ok: false, reason: 'unknown' } as const;
        if (invitation.redeemedAt) return { ok: false, reason: 'redeemed' } as const;
        if (expired(invitation)) return { ok: false, reason: 'expired' } as const;
        if (!(await invitations.redeem(trx, invitation.id, now().toISOString()))) return { ok: false, reason: 'redeemed' } as const;
        return {
          ok: true,
          redeemed: {
            email: person.email,
            role: person.role,
            company_size: person.company_size,
            desired_outcomes: person.desired_outcomes,
            locale: person.locale,
            wave: invitation.waveName,
          },
        } as const;
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
