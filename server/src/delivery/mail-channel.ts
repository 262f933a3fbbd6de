import type { ComposedMail } from './mails';
import { MAIL_TOPICS } from '../services/signup-events';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import type { MailTransport } from './smtp-transport';
import { MESSAGE_KEY } from '../db/stores/outbox';
import type { ClaimedOutboxRow, DeliveryChannel } from './worker';

/** Turns a claimed row into a mail (making its tokens), or says why it should not be sent. */
export type RenderOutboxMail = (row: ClaimedOutboxRow) => Promise<{ mail: ComposedMail } | { cancel: string }>;

/** The suppression list as the channel uses it (services/suppressions.ts). */
export interface SuppressionCheck {
  lookup(email: string): Promise<{ reason: 'hard-bounce' | 'soft-bounce' | 'complaint' | 'manual' } | undefined>;
}

/** Where the relay's permanent refusal goes (services/mail-feedback.ts): one event, as a bounce report would be. */
export interface RefusalFeedback {
  refusedAtRcpt(event: { outboxId: number; email: string; reply: string }): Promise<unknown>;
}

/**
 * Mail a suppressed address still gets (issue 35 item 3): what the person has just asked for (a new sign-up's
 * confirmation, their data link), and an operator's own security notices. Nothing else: no wave, update or digest.
 */
export const SENT_DESPITE_SUPPRESSION: ReadonlySet<string> = new Set([
  MAIL_TOPICS.confirmation,
  MAIL_TOPICS.dataLink,
  MAIL_TOPICS.operatorSignInChanged,
  MAIL_TOPICS.operatorFactorGuessing,
]);

export interface MailChannelOptions {
  transport: MailTransport;
  render: RenderOutboxMail;
  /** The suppression list: checked before each send. Absent: none. */
  suppressions?: SuppressionCheck;
  /** Told of each permanent refusal at RCPT (a hard bounce). */
  feedback?: RefusalFeedback;
  /** BOUNCE_DOMAIN's per-mail return path (lib/verp.ts); absent: the relay's default (MAIL_FROM). */
  returnPath?: (mail: { id: number; createdAt: Date }) => Promise<string>;
  metrics?: Pick<MetricsRecorder, 'count'>;
  /** Domain for Message-IDs (the sender's domain): one id per outbox row, so a re-send after a crash is recognisable. */
  messageIdDomain: string;
}

/**
 * The Message-ID of an outbox row's mail: the row id and its random key (some mailbox providers silently drop a mail
 * whose Message-ID they have seen before, and ids restart with every database), the same on every retry of the row.
 * Rows queued before the key existed keep the id alone.
 */
export function messageIdOf(row: Pick<ClaimedOutboxRow, 'id' | 'payload'>, domain: string): string {
  const key = row.payload[MESSAGE_KEY];
  return typeof key === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(key)
    ? `<outbox-${row.id}.${key}@${domain}>`
    : `<outbox-${row.id}@${domain}>`;
}

/** Outbox mail rows, rendered when they go out and sent over SMTP. */
export function createMailChannel({
  transport,
  render,
  messageIdDomain,
  suppressions,
  feedback,
  returnPath,
  metrics,
}: MailChannelOptions): DeliveryChannel {
  return {
    kind: 'mail',
    configured: transport.configured,
    async deliver(row) {
      const rendered = await render(row);
      if ('cancel' in rendered) return { status: 'cancelled', reason: rendered.cancel };
      if (suppressions && !SENT_DESPITE_SUPPRESSION.has(row.topic)) {
        const suppressed = await suppressions.lookup(rendered.mail.to);
        if (suppressed) {
          metrics?.count('suppressedSends', { reason: suppressed.reason });
          return { status: 'cancelled', reason: `suppressed (${suppressed.reason})` };
        }
      }
      const outcome = await transport.send(rendered.mail, {
        messageId: messageIdOf(row, messageIdDomain),
        ...(returnPath ? { returnPath: await returnPath(row) } : {}),
      });
      // A relay's 5xx at RCPT: read by its reason, as a bounce report is (a missing mailbox, or a refusal of our mail).
      if (outcome.status === 'failed' && outcome.permanent && feedback) {
        await feedback.refusedAtRcpt({ outboxId: row.id, email: rendered.mail.to, reply: outcome.error });
      }
      if (outcome.status === 'failed') return { status: 'failed', error: outcome.error, permanent: outcome.permanent };
      return outcome.status === 'sent' ? { status: 'sent' } : { status: 'not-configured' };
    },
  };
}
