import { createHash, randomFillSync } from 'node:crypto';

/** Hex SHA-256: token and key hashes at rest, request fingerprints, address-free throttle keys. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Random bytes from the system's CSPRNG, drawn 4 KB at a time and handed out in pieces: one draw costs about 6 µs
 * whatever its size, and a sign-up takes one for its mail and a page view one for its form token (issue 32). Each
 * piece is used once and wiped from the pool as it is handed out. (Node's own crypto.randomUUID pools the same way.)
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let taken = POOL_BYTES;

/** A random secret for a cookie or link (32 bytes = 256 bits unless told otherwise), URL-safe. */
export function randomToken(bytes = 32): string {
  if (bytes > POOL_BYTES / 16) return randomFillSync(Buffer.alloc(bytes)).toString('base64url');
  if (taken + bytes > POOL_BYTES) {
    randomFillSync(pool);
    taken = 0;
  }
  const piece = pool.subarray(taken, taken + bytes);
  const token = piece.toString('base64url');
  piece.fill(0);
  taken += bytes;
  return token;
}
