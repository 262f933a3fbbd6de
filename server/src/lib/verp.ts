import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Per-mail return paths (VERP; issue 35 item 1): each mail's envelope sender is `b<outbox id>-<tag>@BOUNCE_DOMAIN`,
 * the tag an HMAC of the id under a key in server_secrets, so a bounce or complaint names the mail it is about and
 * nobody can forge one for a mail we did not send (the inbound listener refuses any other recipient at RCPT).
 * Lower-case hex only: some servers change the case of a local part.
 */
const TAG_LENGTH = 20;
const ADDRESS = /^b(\d{1,15})-([0-9a-f]{20})@([^@\s]+)$/;

const tagOf = (key: string, outboxId: number) => createHmac('sha256', key).update(`bounce:${outboxId}`).digest('hex').slice(0, TAG_LENGTH);

export function bounceAddress(outboxId: number, key: string, domain: string): string {
  return `b${outboxId}-${tagOf(key, outboxId)}@${domain.toLowerCase()}`;
}

/** The outbox id a bounce address stands for, or undefined when it is not one of ours (wrong domain, forged tag). */
export function parseBounceAddress(address: string, key: string, domain: string): number | undefined {
  const match = ADDRESS.exec(address.trim().toLowerCase());
  if (!match || match[3] !== domain.toLowerCase()) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(tagOf(key, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/** Our Message-ID's outbox id (`<outbox-123.key@domain>`), as a relay's webhook quotes it (with or without brackets). */
export function outboxIdOfMessageId(messageId: string | undefined): number | undefined {
  const match = /^<?outbox-(\d{1,15})[.@]/.exec(messageId?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}
