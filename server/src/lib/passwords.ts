import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@waitlist/contract';

/** Operator passwords: at least 12 characters (docs/operators.md); the upper bound keeps hashing cheap to refuse. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

// scrypt parameters (N=2^15, r=8, p=1: ~32 MiB, OWASP's recommended floor); stored with each hash so they can grow.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

/**
 * At most this many hashes run at once: scrypt runs on libuv's thread pool (4 threads), which also opens and reads
 * the files every page is served from, so a flood of sign-ins must leave half of it free. Checks beyond that wait
 * their turn (which also holds a guesser's connection); beyond MAX_WAITING waiting (about 2 s of work), a check is
 * refused at once (PasswordCheckBusy, a 503 with Retry-After: 1) rather than queued for longer.
 */
export const HASHES_IN_FLIGHT = 2;
export const MAX_WAITING = 64;

/** Too many passwords are being checked right now; try again in a moment. */
export class PasswordCheckBusy extends Error {
  constructor() {
    super('too many passwords are being checked at once');
    this.name = 'PasswordCheckBusy';
  }
}

let inFlight = 0;
const waiting: (() => void)[] = [];

/** How many hashes run and how many wait right now (for tests and metrics). */
export const passwordCheckLoad = () => ({ inFlight, waiting: waiting.length });

/** Whether a check would be refused right now (the queue is full). */
export const passwordChecksBusy = () => waiting.length >= MAX_WAITING;

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight >= HASHES_IN_FLIGHT) {
    if (passwordChecksBusy()) throw new PasswordCheckBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    inFlight++;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so inFlight never exceeds HASHES_IN_FLIGHT.
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  }
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  return null;
}

/** `scrypt$N$r$p$salt$key` (base64url), with a fresh 16-byte salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEM });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p) || expected.length === 0) return false;
  const actual = await scrypt(password.slice(0, PASSWORD_MAX_LENGTH + 1), salt, expected.length, { N, r, p, maxmem: MAX_MEM });
  return timingSafeEqual(actual, expected);
}

/** Compared against when the e-mail is unknown, so a miss costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url')).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}
