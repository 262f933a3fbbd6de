import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey as an authenticator holds it, for route tests without a browser: a P-256 key pair, its public key in the
 * COSE form servers keep (RFC 9053: kty EC2, alg ES256, crv P-256), and assertions built as WebAuthn Level 3 §6.1 and
 * §7.2 specify (authenticator data with the RP ID hash, user present and verified; the signature over it and the hash of
 * the client data). The server checks them with @simplewebauthn/server, as it checks a real authenticator's.
 */
export interface SoftwarePasskey {
  credentialId: string;
  /** COSE_Key, base64url: what operator_passkeys.public_key keeps. */
  publicKey: string;
  /** The answer to the sign-in options' challenge, as the browser's `navigator.credentials.get` serialises it. */
  assert(options: { challenge: string }, origin: string): Record<string, unknown>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export function softwarePasskey(): SoftwarePasskey {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const [x, y] = [Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')];
  // CBOR map of 5: 1 (kty) = 2 (EC2), 3 (alg) = -7 (ES256), -1 (crv) = 1 (P-256), -2 (x), -3 (y), 32 bytes each.
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    x,
    Buffer.from([0x22, 0x58, 0x20]),
    y,
  ]);
  const credentialId = b64url(randomBytes(16));
  let counter = 0;
  return {
    credentialId,
    publicKey: b64url(cose),
    assert({ challenge }, origin) {
      const rpId = new URL(origin).hostname;
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      // Flags: user present (0x01) and user verified (0x04).
      const authenticatorData = Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([0x05]), count]);
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
      const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
      const signature = sign('sha256', signed, privateKey as KeyObject);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          authenticatorData: b64url(authenticatorData),
          clientDataJSON: b64url(clientDataJSON),
          signature: b64url(signature),
        },
      };
    },
  };
}
