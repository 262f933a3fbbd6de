import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Per-mail return paths (VERP; issue 35 item 1, issue 45 item 5; docs/decisions/0041): each mail's envelope sender is
 * `b<outbox id>-<tag>@BOUNCE_DOMAIN`, the tag an HMAC, under a key in server_secrets, of the id *and the moment the mail
 * was made* (to the millisecond, known only to the server). A bounce address therefore names one mail: it cannot be
 * made for another id, and it no longer matches once its mail is gone, whatever row later holds the same id (a restore,
 * or SQLite before migration 25). Lower-case hex only: some servers change the case of a local part.
 */
const TAG_LENGTH = 20;
const ADDRESS = /^b(\d{1,15})-([0-9a-f]{20})@([^@\s]+)$/;

const tagOf = (key: string, outboxId: number, createdAt: Date) =>
  createHmac('sha256', key).update(`bounce:${outboxId}:${createdAt.getTime()}`).digest('hex').slice(0, TAG_LENGTH);

export function bounceAddress(mail: { id: number; createdAt: Date }, key: string, domain: string): string {
  return `b${mail.id}-${tagOf(key, mail.id, mail.createdAt)}@${domain.toLowerCase()}`;
}

/** The outbox id and tag a bounce address carries, or undefined when it is not of our form at our domain. */
export function parseBounceAddress(address: string, domain: string): { id: number; tag: string } | undefined {
  const match = ADDRESS.exec(address.trim().toLowerCase());
  if (!match || match[3] !== domain.toLowerCase()) return undefined;
  return { id: Number(match[1]), tag: match[2]! };
}

/** Whether a parsed bounce address is the one we gave this mail (compared in constant time). */
export function bounceTagMatches(parsed: { id: number; tag: string }, mail: { id: number; createdAt: Date }, key: string): boolean {
  if (parsed.id !== mail.id) return false;
  const expected = Buffer.from(tagOf(key, mail.id, mail.createdAt));
  const given = Buffer.from(parsed.tag);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Our Message-ID's outbox id (`<outbox-123.key@domain>`), as a relay's webhook quotes it (with or without brackets). */
export function outboxIdOfMessageId(messageId: string | undefined): number | undefined {
  const match = /^<?outbox-(\d{1,15})[.@]/.exec(messageId?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}
