import { normalizeEmail } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import { classifyBounce, type BounceVerdict } from '../lib/bounces/classify';
import { BOUNCE_REASONS } from '../lib/bounces/reasons';
import { bounceTagMatches } from '../lib/verp';
import { weakerThan, type FeedbackKind } from '../lib/feedback-strength';
import type { Relay } from '../lib/relay-events';
import type { SendGuard } from './send-guard';
import { sharedSecret } from './shared-secrets';
import { MAIL_TOPICS } from './signup-events';
import type { Suppressions } from './suppressions';
import type { UseCases } from './use-case';

/** The key of the per-mail bounce addresses' tags in server_secrets (lib/verp.ts; made once, in every backup). */
export const BOUNCE_ADDRESS_KEY = 'bounce-addresses';

/** Where a bounce or complaint came from: the relay's answer at RCPT, a report to our bounce address, a relay's webhook. */
export const FEEDBACK_SOURCES = ['rcpt', 'dsn', 'arf', 'postmark', 'mailgun', 'resend'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

/** After a domain's refusals for a reason were mailed to the owners, this long before they are mailed again. */
export const REFUSAL_NOTICE_DAYS = 7;

/**
 * What came back about a mail, whichever way it came (issue 35, issue 45; docs/decisions/0030, 0041): the one event the
 * inbound SMTP listener, the relays' webhooks and the mail channel hand to `record`.
 */
export type MailFeedbackEvent = {
  source: FeedbackSource;
  /** Our outbox row: from a bounce address already verified (bounceTarget), or our Message-ID a signed relay quotes. */
  outboxId?: number;
  /**
   * The failed recipient the report names. Only ever compared with the mail's own recipient: a report about anyone
   * else changes nothing.
   */
  reportedRecipient?: string;
  /**
   * A signed relay's word for the address, used to find the person's last mail when the relay quotes no Message-ID
   * (Postmark, Resend): the relay is authenticated, and the mail found is one we sent to that address.
   */
  relayRecipient?: string;
  /** For the trail: a status such as 5.1.1 or a feedback type, never an address. */
  detail?: string;
  /** A relay's own id for the event, taken once: a replay of it changes nothing. */
  receipt?: { relay: Relay; eventId: string };
} & ({ kind: 'bounce'; verdict: BounceVerdict } | { kind: 'complaint' });

export type FeedbackOutcome = 'suppressed' | 'counted' | 'refusal' | 'nothing' | 'unknown-mail' | 'recipient-mismatch' | 'replayed';

/** A word about a mail and the weaker ones it replaces (a mail keeps the strongest: lib/feedback-strength.ts). */
const feedback = (kind: FeedbackKind, reason: string | null) => ({ kind, reason, replacing: weakerThan(kind) });

export function createMailFeedback({
  database,
  stores,
  useCases,
  suppressions,
  guard,
  metrics,
}: {
  database: Database;
  stores: Stores;
  useCases: UseCases;
  suppressions: Suppressions;
  guard: SendGuard;
  metrics?: Pick<MetricsRecorder, 'count'>;
}) {
  /** The address a mail row went to: the person while they are on the list, or the operator a notice was for. */
  async function recipientOf(row: { email: string | null; operatorId: number | null }): Promise<string | undefined> {
    if (row.email) return row.email;
    if (row.operatorId === null) return undefined;
    return (await stores.operatorAccounts.find(database.db, row.operatorId))?.email;
  }

  async function findMail(event: MailFeedbackEvent) {
    if (event.outboxId !== undefined) return stores.outbox.mailRow(event.outboxId);
    if (!event.relayRecipient || event.source === 'dsn' || event.source === 'arf') return undefined;
    const signupId = await stores.signups.idByEmail(database.db, normalizeEmail(event.relayRecipient));
    const last = signupId === undefined ? undefined : await stores.outbox.lastSentTo(signupId);
    return last === undefined ? undefined : stores.outbox.mailRow(last);
  }

  /**
   * Records a bounce or complaint about one of our mails (docs/decisions/0041): the mail row keeps the word and its
   * reason (a send's rates count them); a complaint or a mailbox that does not exist suppresses the address at once,
   * a transient failure counts toward SOFT_BOUNCE_LIMIT, and a refusal of our mail is counted for the receiving
   * domain (never the person's fault); the send it belongs to is then judged. A report whose mail is gone, or whose
   * recipient is not the mail's, changes nothing.
   */
  async function record(event: MailFeedbackEvent): Promise<{ known: boolean; outcome: FeedbackOutcome; suppressed?: string }> {
    const row = await findMail(event);
    const recipient = row ? await recipientOf(row) : undefined;
    if (!row || !recipient) return { known: false, outcome: 'unknown-mail' };
    for (const named of [event.reportedRecipient, event.relayRecipient]) {
      if (named && normalizeEmail(named) !== normalizeEmail(recipient)) return { known: false, outcome: 'recipient-mismatch' };
    }
    if (event.kind === 'bounce' && event.verdict.effect === 'none') return { known: true, outcome: 'nothing' };
    const reason = event.kind === 'bounce' ? event.verdict.reason : null;
    // Read before the transaction: SQLite has one connection, which the transaction holds.
    const owners =
      event.kind === 'bounce' && event.verdict.effect === 'refusal'
        ? (await stores.operatorAccounts.list()).filter((o) => o.role === 'owner')
        : [];
    const cause = [`outbox:${row.id}`, event.source, event.detail?.slice(0, 40), reason].filter(Boolean).join(' ');
    const result = await useCases.run(async (change) => {
      if (event.receipt && !(await stores.mailEventReceipts.take(change.trx, { ...event.receipt, at: change.at }))) {
        return { outcome: 'replayed' as const };
      }
      if (event.kind === 'complaint') {
        await stores.outbox.setFeedback(change.trx, row.id, feedback('complaint', null));
        return { outcome: 'suppressed' as const, suppressed: await suppressions.feedbackIn(change, recipient, 'complaint', cause) };
      }
      const { effect, permanent } = event.verdict;
      if (effect === 'refusal') {
        await stores.outbox.setFeedback(change.trx, row.id, feedback('refused', reason));
        const domain = recipient.slice(recipient.lastIndexOf('@') + 1);
        const refusal = await stores.mailRefusals.add(change.trx, { domain, reason: reason!, at: change.at });
        const lastTold = refusal.notifiedAt ? Date.parse(refusal.notifiedAt) : 0;
        if (Date.parse(change.at) - lastTold > REFUSAL_NOTICE_DAYS * 86_400_000) {
          await change.mail(
            owners.map((owner) => ({
              signupId: null,
              topic: MAIL_TOPICS.operatorMailRefused,
              payload: { operatorId: owner.id, domain, reason: reason! },
              at: change.at,
            })),
          );
          await stores.mailRefusals.markNotified(change.trx, { domain, reason: reason! }, change.at);
        }
        return { outcome: 'refusal' as const };
      }
      const kind = effect === 'gone' && permanent ? 'hard-bounce' : 'soft-bounce';
      await stores.outbox.setFeedback(change.trx, row.id, feedback(kind, reason));
      const suppressed = await suppressions.feedbackIn(change, recipient, kind, cause);
      return { outcome: suppressed ? ('suppressed' as const) : ('counted' as const), suppressed };
    });
    if (result.outcome === 'replayed') return { known: true, outcome: 'replayed' };
    if (event.kind === 'complaint') metrics?.count('complaints', { source: event.source === 'arf' ? 'arf' : 'relay' });
    else if (event.verdict.effect === 'refusal') metrics?.count('refusals', { reason: event.verdict.reason });
    else metrics?.count('bounces', { kind: event.verdict.effect === 'gone' && event.verdict.permanent ? 'hard' : 'soft' });
    if (row.campaignId != null) await guard.check({ campaignId: row.campaignId });
    else if (row.waveId != null) await guard.check({ waveId: row.waveId });
    return { known: true, outcome: result.outcome, ...(result.suppressed ? { suppressed: result.suppressed } : {}) };
  }

  const bounceKey = sharedSecret({ stores, useCases }, BOUNCE_ADDRESS_KEY);

  return {
    record,

    /**
     * The mail a bounce address stands for, when the address is the one we gave that mail (its tag binds the id to the
     * moment the mail was made) and the mail's recipient is still known; undefined otherwise (550 at RCPT).
     */
    async bounceTarget(parsed: { id: number; tag: string }): Promise<{ outboxId: number; recipient: string } | undefined> {
      const row = await stores.outbox.mailRow(parsed.id);
      if (!row) return undefined;
      const key = await bounceKey();
      if (!bounceTagMatches(parsed, row, key)) return undefined;
      const recipient = await recipientOf(row);
      return recipient ? { outboxId: row.id, recipient } : undefined;
    },

    /** A relay's permanent refusal at RCPT, read by its reason like a bounce report (a missing mailbox, or a refusal of us). */
    async refusedAtRcpt(event: { outboxId: number; email: string; reply: string }) {
      const status = /\b([45]\.\d{1,3}\.\d{1,3})\b/.exec(event.reply)?.[1];
      const replyCode = /\b([45]\d\d)\b/.exec(event.reply)?.[1];
      const verdict = classifyBounce({
        action: 'failed',
        ...(status ? { status } : {}),
        ...(replyCode ? { replyCode } : {}),
        diagnostic: event.reply,
        command: 'RCPT',
        prose: '',
        format: 'text',
      });
      return record({
        kind: 'bounce',
        source: 'rcpt',
        outboxId: event.outboxId,
        reportedRecipient: event.email,
        verdict,
        detail: [replyCode, status].filter(Boolean).join(' ') || 'refused',
      });
    },

    /** Refusals of our mail seen in the last `days`, for the Deliverability page: each with its reason in words. */
    async refusals(now: Date, days = 30) {
      const since = new Date(now.getTime() - days * 86_400_000).toISOString();
      return (await stores.mailRefusals.since(since)).map((r) => ({
        ...r,
        label: BOUNCE_REASONS[r.reason as keyof typeof BOUNCE_REASONS]?.label ?? r.reason,
      }));
    },
  };
}

export type MailFeedback = ReturnType<typeof createMailFeedback>;
