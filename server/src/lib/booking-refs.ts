import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The opaque reference a booking link carries (issue 36 item 3): the sign-up's id and a tag, enciphered as one AES
 * block under a key in server_secrets, so the scheduler (and whoever sees the link) learns neither the address nor
 * the id, and the reference its webhook hands back is checked before anything changes. 22 characters of base64url.
 */
const ID_BYTES = 8;

const keys = (secret: string) => ({
  cipher: createHash('sha256').update(`booking-ref-cipher:${secret}`).digest(),
  tag: createHash('sha256').update(`booking-ref-tag:${secret}`).digest(),
});
const tagOf = (key: Buffer, id: Buffer) =>
  createHmac('sha256', key)
    .update(id)
    .digest()
    .subarray(0, 16 - ID_BYTES);

export function bookingRef(signupId: number, secret: string): string {
  const { cipher, tag } = keys(secret);
  const id = Buffer.alloc(ID_BYTES);
  id.writeBigUInt64BE(BigInt(signupId));
  // One block, no padding: ECB of a single block is a keyed permutation of the 16 bytes (no pattern to leak).
  const aes = createCipheriv('aes-256-ecb', cipher, null).setAutoPadding(false);
  return Buffer.concat([aes.update(Buffer.concat([id, tagOf(tag, id)])), aes.final()]).toString('base64url');
}

/** The sign-up a reference stands for, or undefined when it is not one we made (changed, made up, another key). */
export function parseBookingRef(ref: unknown, secret: string): number | undefined {
  if (typeof ref !== 'string' || !/^[A-Za-z0-9_-]{22}$/.test(ref)) return undefined;
  const bytes = Buffer.from(ref, 'base64url');
  // Only the one spelling we write: the last character's spare bits must not let two references stand for one block.
  if (bytes.length !== 16 || bytes.toString('base64url') !== ref) return undefined;
  const { cipher, tag } = keys(secret);
  const aes = createDecipheriv('aes-256-ecb', cipher, null).setAutoPadding(false);
  const block = Buffer.concat([aes.update(bytes), aes.final()]);
  const id = block.subarray(0, ID_BYTES);
  if (!timingSafeEqual(block.subarray(ID_BYTES), tagOf(tag, id))) return undefined;
  const value = id.readBigUInt64BE();
  return value >= 1n && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
}

/** The schedulers whose links and webhooks we know; any other link gets the reference the Cal.com way. */
export type Scheduler = 'cal-com' | 'calendly';

export const schedulerOf = (bookingUrl: string): Scheduler =>
  /(^|\.)calendly\.com$/i.test(new URL(bookingUrl).hostname) ? 'calendly' : 'cal-com';

/**
 * BOOKING_URL with the person's reference: Calendly hands `utm_content` back in its webhook's
 * `tracking`, Cal.com (hosted or self-hosted) hands `metadata[ref]` back in the booking's metadata.
 */
export function bookingLink(bookingUrl: string, ref: string): string {
  const url = new URL(bookingUrl);
  url.searchParams.set(schedulerOf(bookingUrl) === 'calendly' ? 'utm_content' : 'metadata[ref]', ref);
  return url.toString();
}
