import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { SendFeedbackCounts, SendRef } from '../db/stores/outbox';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import { MAIL_TOPICS } from './signup-events';
import type { UseCases } from './use-case';

/**
 * When a bulk send stops itself (issue 35 item 4, issue 45 item 2; docs/decisions/0030, 0041): more than 5 % of what it
 * tried bounced for good, more than 0.3 % complained (Gmail's and Yahoo's line for bulk senders), or more than 2 % was
 * refused as ours (DMARC, a blocklist, reputation: every further mail to those receivers is refused too, and they
 * remember), judged once it has tried JUDGED_FROM mails (or all of a smaller send). A domain that keeps sending past
 * that lands in spam, confirmations included; an owner looks and resumes.
 */
export const SEND_GUARD = { hardBounceRate: 0.05, complaintRate: 0.003, refusalRate: 0.02, judgedFrom: 100 } as const;

/** How long after it started a send is watched (its bounces arrive within days; its pending mails go within hours). */
const WATCH_DAYS = 7;

/** Why a send should pause, or null while it is within bounds. */
export function pauseVerdict(counts: SendFeedbackCounts, recipients: number): string | null {
  const judgedFrom = Math.max(1, Math.min(SEND_GUARD.judgedFrom, recipients));
  if (counts.tried < judgedFrom) return null;
  const pct = (n: number) => `${((100 * n) / counts.tried).toFixed(1)} %`;
  if (counts.hardBounces / counts.tried > SEND_GUARD.hardBounceRate) {
    return `${counts.hardBounces} of ${counts.tried} tried bounced for good (${pct(counts.hardBounces)}, the limit is 5 %)`;
  }
  if (counts.complaints / counts.tried > SEND_GUARD.complaintRate) {
    return `${counts.complaints} of ${counts.tried} tried were reported as spam (${pct(counts.complaints)}, the limit is 0.3 %)`;
  }
  if (counts.refusals / counts.tried > SEND_GUARD.refusalRate) {
    return `${counts.refusals} of ${counts.tried} tried were refused as our mail (${pct(counts.refusals)}, the limit is 2 %): see Deliverability`;
  }
  return null;
}

/** What a send tried and got back since an owner last resumed it (before: everything). */
export function sinceResumed(counts: SendFeedbackCounts, baseline: string | null): SendFeedbackCounts {
  if (!baseline) return counts;
  const before = JSON.parse(baseline) as Partial<SendFeedbackCounts>;
  const minus = (key: keyof SendFeedbackCounts) => Math.max(0, counts[key] - Number(before[key] ?? 0));
  return {
    tried: minus('tried'),
    hardBounces: minus('hardBounces'),
    softBounces: minus('softBounces'),
    complaints: minus('complaints'),
    refusals: minus('refusals'),
  };
}

const label = (ref: SendRef) => ('campaignId' in ref ? `campaign:${ref.campaignId}` : `wave:${ref.waveId}`);

export function createSendGuard({
  database,
  stores,
  useCases,
  metrics,
}: {
  database: Database;
  stores: Stores;
  useCases: UseCases;
  metrics?: Pick<MetricsRecorder, 'count'>;
}) {
  const { db } = database;

  /** Pauses the send (once), parks its waiting mails and tells every owner; false when it was paused already. */
  async function pause(ref: SendRef, reason: string): Promise<boolean> {
    const owners = (await stores.operatorAccounts.list()).filter((o) => o.role === 'owner');
    return useCases.run(async (change) => {
      const paused =
        'campaignId' in ref
          ? await stores.campaigns.pause(change.trx, ref.campaignId, change.at, reason)
          : await stores.invitations.pauseWave(change.trx, ref.waveId, change.at, reason);
      if (!paused) return false;
      const parked = await stores.outbox.park(change.trx, ref);
      await change.audit({
        action: 'campaignId' in ref ? 'campaign.pause' : 'wave.pause',
        operatorId: null,
        target: label(ref),
        detail: `${reason}; ${parked} mails wait`,
      });
      await change.mail(
        owners.map((owner) => ({
          signupId: null,
          topic: MAIL_TOPICS.operatorSendPaused,
          payload: { operatorId: owner.id, ...ref, reason, waiting: parked },
          at: change.at,
        })),
      );
      metrics?.count('sendsPaused', { send: 'campaignId' in ref ? 'campaign' : 'wave' });
      return true;
    });
  }

  /** Judges one send now; answers whether it paused. */
  async function check(ref: SendRef): Promise<boolean> {
    let recipients: number;
    let baseline: string | null;
    if ('campaignId' in ref) {
      const row = await stores.campaigns.find(db, ref.campaignId);
      if (!row || row.state !== 'sending' || row.pausedAt) return false;
      [recipients, baseline] = [row.recipients, row.resumeBaseline];
    } else {
      const wave = (await stores.invitations.activeSince('1970-01-01T00:00:00.000Z')).find((w) => w.id === ref.waveId);
      if (!wave) return false;
      [recipients, baseline] = [wave.invited, wave.resumeBaseline];
    }
    const counts = sinceResumed(await stores.outbox.sendFeedback(db, ref), baseline);
    const before = baseline ? sinceResumed(JSON.parse(baseline) as SendFeedbackCounts, null).tried : 0;
    const reason = pauseVerdict(counts, recipients - before);
    return reason !== null && pause(ref, reason);
  }

  return {
    check,

    /** Every send of the last week that is not paused, judged (the housekeeping job runs this every few seconds). */
    async sweep(now: Date): Promise<number> {
      const since = new Date(now.getTime() - WATCH_DAYS * 86_400_000).toISOString();
      let paused = 0;
      for (const c of await stores.campaigns.sendingSince(since)) if (await check({ campaignId: c.id })) paused += 1;
      for (const w of await stores.invitations.activeSince(since)) if (await check({ waveId: w.id })) paused += 1;
      return paused;
    },

    /** An owner lets a paused send go on; its waiting mails go now. False when it was not paused. */
    async resume(ref: SendRef, operatorId: number): Promise<{ ok: true; resumed: number } | { ok: false }> {
      return useCases.run(async (change) => {
        // Judged anew from here: what it tried before the owner looked is the owner's decision, not the list's.
        const baseline = JSON.stringify(await stores.outbox.sendFeedback(change.trx, ref));
        const resumed =
          'campaignId' in ref
            ? await stores.campaigns.resume(change.trx, ref.campaignId, baseline)
            : await stores.invitations.resumeWave(change.trx, ref.waveId, baseline);
        const action = 'campaignId' in ref ? 'campaign.resume' : 'wave.resume';
        if (!resumed) {
          await change.audit({ action, operatorId, target: label(ref), outcome: 'failed', detail: 'not paused' });
          return { ok: false } as const;
        }
        const unparked = await stores.outbox.unpark(change.trx, ref, change.at);
        await change.audit({ action, operatorId, target: label(ref), detail: `${unparked} mails go on` });
        return { ok: true, resumed: unparked } as const;
      });
    },
  };
}

export type SendGuard = ReturnType<typeof createSendGuard>;
