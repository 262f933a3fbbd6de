import type { ComposedMail } from './mails';
import type { MailTransport } from './smtp-transport';
import { MESSAGE_KEY } from '../db/stores/outbox';
import type { ClaimedOutboxRow, DeliveryChannel } from './worker';

/** Turns a claimed row into a mail (making its tokens), or says why it should not be sent. */
export type RenderOutboxMail = (row: ClaimedOutboxRow) => Promise<{ mail: ComposedMail } | { cancel: string }>;

export interface MailChannelOptions {
  transport: MailTransport;
  render: RenderOutboxMail;
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
export function createMailChannel({ transport, render, messageIdDomain }: MailChannelOptions): DeliveryChannel {
  return {
    kind: 'mail',
    configured: transport.configured,
    async deliver(row) {
      const rendered = await render(row);
      if ('cancel' in rendered) return { status: 'cancelled', reason: rendered.cancel };
      const outcome = await transport.send(rendered.mail, { messageId: messageIdOf(row, messageIdDomain) });
      if (outcome.status === 'failed') return { status: 'failed', error: outcome.error, permanent: outcome.permanent };
      return outcome.status === 'sent' ? { status: 'sent' } : { status: 'not-configured' };
    },
  };
}
