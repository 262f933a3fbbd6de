/**
 * A token bucket (the mail budgets: services/mail-budget.ts): at most `capacity` tokens, refilled at `perMs` a
 * millisecond. Pure arithmetic; the bucket's state lives in the database (db/stores/mail-budget.ts), so every copy
 * draws from one.
 */
export interface BucketShape {
  capacity: number;
  perMs: number;
}

/** A bucket's state as stored: what it held when last written, and when. */
export interface BucketState {
  tokens: number;
  updatedAtMs: number;
}

/** Tokens the bucket holds at `now`: what it had, refilled for the time since, never above its size. */
export const refilled = (bucket: BucketState, shape: BucketShape, now: Date): number =>
  Math.min(shape.capacity, bucket.tokens + Math.max(0, now.getTime() - bucket.updatedAtMs) * shape.perMs);

/**
 * When a spend at `now` is recorded: never back in time, so a copy whose clock (or `now`) is behind the last write
 * does not refill the same minutes twice when the next one comes.
 */
export const stampAfter = (bucket: BucketState, now: Date): Date => new Date(Math.max(now.getTime(), bucket.updatedAtMs));
