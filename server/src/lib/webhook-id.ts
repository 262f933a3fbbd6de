/** The Standard Webhooks `webhook-id` of an outbox row: stable across retries and re-sends, so receivers can de-duplicate. */
export const webhookMessageId = (outboxId: number) => `msg_${outboxId}`;
