import { timingSafeEqual } from 'node:crypto';

/** Reading a third party's signed event (relays' bounces, schedulers' bookings): its fields taken only as they should be. */

/** Equal strings, in time that does not depend on where they differ (a signature, credentials). */
export const constantTimeEqual = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A non-empty string of at most `max` characters, or undefined. */
export const text = (v: unknown, max = 1000): string | undefined =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined;

/** An object's fields, or none (an array, a string, null). */
export const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
