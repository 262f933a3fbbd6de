import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** A sealed value: `enc1:` and base64url of IV (12 bytes), GCM tag (16 bytes) and ciphertext. */
const SEALED = 'enc1:';
/** A keyed hash: `k1:` and hex HMAC-SHA-256. */
const KEYED = 'k1:';
export const SECRETS_KEY_BYTES = 32;

/**
 * Secrets at rest under a key kept outside the database (io/secrets-key.ts; docs/decisions/0028): authenticator
 * secrets sealed with AES-256-GCM, recovery codes as keyed hashes (HMAC-SHA-256), so a copy of the database (a
 * backup, a dump, a leaked replica) holds neither a secret that makes codes nor a hash one can test guesses against.
 * One key, two derived: one seals, one hashes.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`The secrets key must be ${SECRETS_KEY_BYTES} bytes`);
  const derive = (purpose: string) => createHmac('sha256', key).update(purpose).digest();
  const sealKey = derive('seal authenticator secrets');
  const hashKey = derive('hash recovery codes');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    /** The plain value; throws when it was not sealed with this key (a different key, or tampered with). */
    open(value: string): string {
      if (!value.startsWith(SEALED)) throw new Error('This secret is not sealed');
      const bytes = Buffer.from(value.slice(SEALED.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
    isSealed: (value: string) => value.startsWith(SEALED),
    /** The keyed hash of an already hashed value (a recovery code's SHA-256, as stored before keys). */
    keyedHash: (sha256Hex: string) => KEYED + createHmac('sha256', hashKey).update(sha256Hex).digest('hex'),
    isKeyed: (value: string) => value.startsWith(KEYED),
    /** Names the key without revealing it: the database keeps it, so a copy started with another key refuses to run. */
    fingerprint: () => derive('fingerprint').toString('hex').slice(0, 32),
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
