import { createHash, randomBytes } from 'node:crypto';

/** Hex SHA-256: token and key hashes at rest, request fingerprints, address-free throttle keys. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random secret for a cookie or link (32 bytes = 256 bits unless told otherwise), URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
