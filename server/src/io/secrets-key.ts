import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SECRETS_KEY_BYTES } from '../lib/secret-box';

/** SECRETS_KEY_FILE, or `secrets.key` in DATA_DIR. */
export const secretsKeyFile = (settings: { SECRETS_KEY_FILE?: string | undefined; DATA_DIR: string }) =>
  settings.SECRETS_KEY_FILE ?? path.join(settings.DATA_DIR, 'secrets.key');

/** 32 bytes as base64, base64url or hex (what `openssl rand -base64 32` or `-hex 32` prints); null when not. */
export function decodeSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return bytes.length === SECRETS_KEY_BYTES ? bytes : null;
}

/**
 * The key that seals authenticator secrets and hashes recovery codes, kept outside the database
 * (docs/decisions/0028): SECRETS_KEY when set (every copy the same), else the file (made on first start, 32 random
 * bytes, owner-only 0600 in a 0700 folder). A backup without this key cannot bring back anyone's authenticator.
 */
export function loadSecretsKey(settings: { SECRETS_KEY?: string | undefined; SECRETS_KEY_FILE?: string | undefined; DATA_DIR: string }): {
  key: Buffer;
  source: string;
} {
  if (settings.SECRETS_KEY) {
    const key = decodeSecretsKey(settings.SECRETS_KEY);
    if (!key) throw new Error('SECRETS_KEY must be 32 random bytes in base64 or hex (openssl rand -base64 32)');
    return { key, source: 'SECRETS_KEY' };
  }
  const file = secretsKeyFile(settings);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // 'wx': two processes starting at once never both write; the second reads the first's key.
      fs.writeFileSync(file, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = decodeSecretsKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a secrets key (32 bytes in base64 or hex)`);
  return { key, source: file };
}
