import {
  adminSegmentSchema,
  campaignMessageSchema,
  type AdminCampaign,
  type AdminPartnerCode,
  type AdminSegment,
  type AdminWave,
  type CampaignMessage,
} from '@waitlist/contract';
import type { CampaignRow } from '../db/stores/campaigns';
import type { WaveRow } from '../db/stores/invitations';
import type { SendFeedbackCounts } from '../db/stores/outbox';
import type { OutboxStatus } from '../db/schema';
import { partnerCodeState, type PartnerCodeRow } from '../db/stores/partner-codes';

/** The pilots as the console sees them: an invitation wave, a campaign, a partner code (one mapper each). */

/** A send's feedback counts as the console sees them: counts, rates of what was tried, and its pause. */
export function toSendFeedback(counts: SendFeedbackCounts, paused: { pausedAt: string | null; pauseReason: string | null }) {
  const rate = (n: number) => (counts.tried === 0 ? 0 : Math.round((n / counts.tried) * 10_000) / 10_000);
  return {
    hard_bounces: counts.hardBounces,
    soft_bounces: counts.softBounces,
    complaints: counts.complaints,
    bounce_rate: rate(counts.hardBounces),
    complaint_rate: rate(counts.complaints),
    refusals: counts.refusals,
    refusal_rate: rate(counts.refusals),
    paused_at: paused.pausedAt,
    pause_reason: paused.pauseReason,
  };
}

export const toAdminWave = (w: WaveRow, counts: Record<OutboxStatus, number>, feedback: SendFeedbackCounts): AdminWave => ({
  id: w.id,
  name: w.name,
  audience: w.audience,
  invited: w.invited,
  accepted: w.accepted,
  redeemed: w.redeemed,
  expires_at: w.expiresAt,
  created_at: w.createdAt,
  state: w.pausedAt ? 'paused' : counts.pending > 0 ? 'sending' : 'sent',
  sent: counts.sent,
  failed: counts.failed,
  pending: counts.pending,
  ...toSendFeedback(feedback, w),
});

/** A stored campaign as the console sees it; its counts come from its outbox rows. */
export function toAdminCampaign(
  row: CampaignRow,
  counts: { pending: number; sent: number; failed: number; cancelled: number },
  feedback: SendFeedbackCounts,
): AdminCampaign {
  const state = row.state !== 'sending' ? row.state : row.pausedAt ? 'paused' : counts.pending === 0 ? 'sent' : 'sending';
  return {
    id: row.id,
    name: row.name,
    audience: row.audience,
    state,
    recipients: row.recipients,
    sent: counts.sent,
    failed: counts.failed,
    pending: counts.pending,
    cancelled: counts.cancelled,
    ...toSendFeedback(feedback, row),
    filter: segmentOf(row),
    message: messageOf(row),
    created_at: row.createdAt,
    started_at: row.startedAt,
    cancelled_at: row.cancelledAt,
  };
}

/** What was stored passed the contract on the way in; read back the same way, so a row can never widen it. */
export const segmentOf = (row: CampaignRow): AdminSegment => adminSegmentSchema.parse(row.filter);
const messageOf = (row: CampaignRow): CampaignMessage => campaignMessageSchema.parse(row.message);

/** A partner code with its claims and state at `now` (its code itself is shown once, when it is made). */
export const toAdminPartnerCode = (row: PartnerCodeRow, now: Date): AdminPartnerCode => ({
  id: row.id,
  label: row.label,
  hint: row.hint,
  claim_limit: row.claimLimit,
  claims: row.claims,
  state: partnerCodeState(row, now),
  expires_at: row.expiresAt,
  revoked_at: row.revokedAt,
  created_at: row.createdAt,
});
