import { Webhook } from 'standardwebhooks';
import { webhookMessageId } from '../lib/webhook-id';
import type { DeliveryChannel } from './worker';

/**
 * Webhook rows, POSTed as JSON and signed per Standard Webhooks (webhook-id, webhook-timestamp,
 * webhook-signature). The id is the outbox row's, so a retry or an operator's re-send carries the same id and a
 * receiver can drop what it has already seen. See docs/decisions/0008-webhooks.md.
 */
export interface WebhookChannelOptions {
  /** WEBHOOK_SECRET (`whsec_` + base64); undefined: not configured, events wait in the outbox. */
  secret: string | undefined;
  /** A receiver slower than this counts as failed and is retried. */
  timeoutMs?: number;
  now?: () => Date;
}

export function createWebhookChannel(options: WebhookChannelOptions): DeliveryChannel {
  const signer = options.secret ? new Webhook(options.secret) : undefined;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  return {
    kind: 'webhook',
    configured: signer !== undefined,
    async deliver(row) {
      if (!signer) return { status: 'not-configured' };
      if (!row.target) return { status: 'cancelled', reason: 'no endpoint' };
      const body = JSON.stringify(row.payload);
      const id = webhookMessageId(row.id);
      const at = now();
      try {
        const response = await fetch(row.target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'waitlist-webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signer.sign(id, at, body),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (response.status >= 200 && response.status < 300) return { status: 'sent' };
        // 410 Gone: the receiver says the endpoint is retired; anything else may pass.
        return { status: 'failed', error: `HTTP ${response.status}`, permanent: response.status === 410 };
      } catch (error) {
        const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        return { status: 'failed', error: reason.slice(0, 200), permanent: false };
      }
    },
  };
}
