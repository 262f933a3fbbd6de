import type { Database } from '../connection';
import type { Executor } from '../connection';

export interface InvitationRow {
  id: number;
  waveId: number;
  waveName: string;
  /** The founders' own words for the wave's mail, as stored (JSON), or null. */
  waveMessage: string | null;
  signupId: number;
  codeHash: string | null;
  expiresAt: string;
  invitedAt: string;
  acceptedAt: string | null;
  redeemedAt: string | null;
}

export interface WaveRow {
  id: number;
  name: string;
  message: string | null;
  expiresAt: string;
  createdAt: string;
  invited: number;
  accepted: number;
  redeemed: number;
  pausedAt: string | null;
  pauseReason: string | null;
  /** Who it went to, in words, as made (null before migration 28). */
  audience: string | null;
}

/** Invitation waves, the invitations in them and the hashes of their link tokens (migration 10). */
export function createInvitationStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const tsOrNull = (v: Date | string | null) => (v === null ? null : ts(v));

  const withWave = (executor: Executor) =>
    executor
      .selectFrom('invitations')
      .innerJoin('invitation_waves', 'invitation_waves.id', 'invitations.wave_id')
      .select([
        'invitations.id',
        'invitations.wave_id',
        'invitations.signup_id',
        'invitations.code_hash',
        'invitations.expires_at',
        'invitations.invited_at',
        'invitations.accepted_at',
        'invitations.redeemed_at',
        'invitation_waves.name as wave_name',
        'invitation_waves.message as wave_message',
      ]);
  type Joined = Awaited<ReturnType<ReturnType<typeof withWave>['executeTakeFirstOrThrow']>>;
  const decode = (r: Joined): InvitationRow => ({
    id: Number(r.id),
    waveId: Number(r.wave_id),
    waveName: r.wave_name,
    waveMessage: r.wave_message,
    signupId: Number(r.signup_id),
    codeHash: r.code_hash,
    expiresAt: ts(r.expires_at),
    invitedAt: ts(r.invited_at),
    acceptedAt: tsOrNull(r.accepted_at),
    redeemedAt: tsOrNull(r.redeemed_at),
  });

  return {
    async insertWave(
      trx: Executor,
      input: { name: string; message: string | null; expiresAt: string; createdBy: number | null; at: string; audience: string },
    ) {
      const row = await trx
        .insertInto('invitation_waves')
        .values({
          name: input.name,
          message: input.message,
          expires_at: input.expiresAt,
          created_by: input.createdBy,
          created_at: input.at,
          audience: input.audience,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Which of these people hold an invitation already (from any wave). */
    async invitedAmong(trx: Executor, signupIds: readonly number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (let i = 0; i < signupIds.length; i += 500) {
        const rows = await trx
          .selectFrom('invitations')
          .select('signup_id')
          .where('signup_id', 'in', signupIds.slice(i, i + 500))
          .execute();
        for (const r of rows) found.add(Number(r.signup_id));
      }
      return found;
    },

    /** One invitation per person; answers their ids by person. */
    async insertInvitations(trx: Executor, waveId: number, signupIds: readonly number[], expiresAt: string, at: string) {
      const ids = new Map<number, number>();
      for (let i = 0; i < signupIds.length; i += 500) {
        const rows = await trx
          .insertInto('invitations')
          .values(
            signupIds
              .slice(i, i + 500)
              .map((signupId) => ({ wave_id: waveId, signup_id: signupId, expires_at: expiresAt, invited_at: at })),
          )
          .returning(['id', 'signup_id'])
          .execute();
        for (const r of rows) ids.set(Number(r.signup_id), Number(r.id));
      }
      return ids;
    },

    find: async (executor: Executor, id: number) => {
      const row = await withWave(executor).where('invitations.id', '=', id).executeTakeFirst();
      return row && decode(row);
    },

    byLink: async (hash: string) => {
      const row = await withWave(db)
        .innerJoin('invitation_links', 'invitation_links.invitation_id', 'invitations.id')
        .where('invitation_links.hash', '=', hash)
        .executeTakeFirst();
      return row && decode(row);
    },

    byCode: async (executor: Executor, codeHash: string) => {
      const row = await withWave(executor).where('invitations.code_hash', '=', codeHash).executeTakeFirst();
      return row && decode(row);
    },

    forSignup: async (executor: Executor, signupId: number) => {
      const row = await withWave(executor).where('invitations.signup_id', '=', signupId).executeTakeFirst();
      return row && decode(row);
    },

    /** The invitations of these people, by person. */
    async byPeople(executor: Executor, signupIds: readonly number[]): Promise<Map<number, InvitationRow>> {
      const found = new Map<number, InvitationRow>();
      if (signupIds.length === 0) return found;
      const rows = await withWave(executor)
        .where('invitations.signup_id', 'in', [...signupIds])
        .execute();
      for (const r of rows) found.set(Number(r.signup_id), decode(r));
      return found;
    },

    async saveLink(trx: Executor, invitationId: number, hash: string, at: string): Promise<void> {
      await trx.insertInto('invitation_links').values({ hash, invitation_id: invitationId, created_at: at }).execute();
    },

    /** Accepted (first at `acceptedAt`), with a fresh access code: an earlier one, never redeemed, stops working. */
    async accept(trx: Executor, id: number, codeHash: string, acceptedAt: string): Promise<void> {
      await trx
        .updateTable('invitations')
        .set({ code_hash: codeHash, accepted_at: acceptedAt })
        .where('id', '=', id)
        .where('redeemed_at', 'is', null)
        .execute();
    },

    /** Redeemed once: answers false when another request redeemed it first. */
    async redeem(trx: Executor, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('invitations')
        .set({ redeemed_at: at })
        .where('id', '=', id)
        .where('redeemed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Newest first, with how many were invited, accepted and redeemed. */
    async waves(limit = 100): Promise<WaveRow[]> {
      const rows = await db
        .selectFrom('invitation_waves')
        .leftJoin('invitations', 'invitations.wave_id', 'invitation_waves.id')
        .select((eb) => [
          'invitation_waves.id',
          'invitation_waves.name',
          'invitation_waves.message',
          'invitation_waves.expires_at',
          'invitation_waves.created_at',
          'invitation_waves.paused_at',
          'invitation_waves.pause_reason',
          'invitation_waves.audience',
          eb.fn.count<number>('invitations.id').as('invited'),
          eb.fn.count<number>('invitations.accepted_at').as('accepted'),
          eb.fn.count<number>('invitations.redeemed_at').as('redeemed'),
        ])
        .groupBy([
          'invitation_waves.id',
          'invitation_waves.name',
          'invitation_waves.message',
          'invitation_waves.expires_at',
          'invitation_waves.created_at',
          'invitation_waves.paused_at',
          'invitation_waves.pause_reason',
          'invitation_waves.audience',
        ])
        .orderBy('invitation_waves.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        message: r.message,
        expiresAt: ts(r.expires_at),
        createdAt: ts(r.created_at),
        invited: Number(r.invited),
        accepted: Number(r.accepted),
        redeemed: Number(r.redeemed),
        pausedAt: tsOrNull(r.paused_at),
        pauseReason: r.pause_reason,
        audience: r.audience ?? null,
      }));
    },

    /** Waves made since `since` and not paused, with how many each invited: the ones whose bounces are watched. */
    async activeSince(since: string): Promise<{ id: number; invited: number; resumeBaseline: string | null }[]> {
      const rows = await db
        .selectFrom('invitation_waves')
        .leftJoin('invitations', 'invitations.wave_id', 'invitation_waves.id')
        .select((eb) => ['invitation_waves.id', 'invitation_waves.resume_baseline', eb.fn.count<number>('invitations.id').as('invited')])
        .where('invitation_waves.created_at', '>=', since)
        .where('invitation_waves.paused_at', 'is', null)
        .groupBy(['invitation_waves.id', 'invitation_waves.resume_baseline'])
        .execute();
      return rows.map((r) => ({ id: Number(r.id), invited: Number(r.invited), resumeBaseline: r.resume_baseline }));
    },

    /** Pauses a wave's mail, once: false when it was paused already (or does not exist). */
    async pauseWave(trx: Executor, id: number, at: string, reason: string): Promise<boolean> {
      const result = await trx
        .updateTable('invitation_waves')
        .set({ paused_at: at, pause_reason: reason.slice(0, 300) })
        .where('id', '=', id)
        .where('paused_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Lets a paused wave's mail go again; false when it was not paused. */
    async resumeWave(trx: Executor, id: number, baseline: string): Promise<boolean> {
      const result = await trx
        .updateTable('invitation_waves')
        .set({ paused_at: null, pause_reason: null, resume_baseline: baseline })
        .where('id', '=', id)
        .where('paused_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type InvitationStore = ReturnType<typeof createInvitationStore>;
