import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { Stores } from '../db/stores';
import { sha256 } from '../lib/crypto';
import { sharedSecret } from './shared-secrets';
import type { UseCases } from './use-case';

/**
 * Proof of work without a third party (ALTCHA, docs/decisions/0017-proof-of-work-and-mail-budget.md): the sign-up
 * island fetches a challenge, finds the number whose SHA-256 with the challenge's salt is the challenge (about
 * maxNumber / 2 hashes, off the main thread), and sends the solution with the sign-up as `altcha`. A solution is
 * valid when our HMAC signed its challenge, the challenge has not expired, and it was not used before. A sign-up
 * with one is never held by the mail budget; one without is stored and answered all the same.
 */
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/**
 * ALTCHA_MAX_NUMBER's default: 25,000 SHA-256 hashes on average (at most 50,000): about 0.1 s on a laptop and
 * well under a second on a mid-range phone (e2e/site-proof-of-work.test.ts measures it at 4x CPU slowdown).
 */
export const DEFAULT_MAX_NUMBER = 50_000;
/** The shared HMAC key's name in server_secrets when ALTCHA_HMAC_KEY is unset. */
const SECRET_NAME = 'altcha-hmac-key';
/** A solution is a base64 JSON object of five short fields; anything longer is not one of ours. */
const MAX_PAYLOAD_LENGTH = 1000;

export interface ProofOfWorkSettings {
  /** ALTCHA_HMAC_KEY; unset: a key made once and kept in the database, so every copy shares it. */
  hmacKey: string | undefined;
  /** ALTCHA_MAX_NUMBER: the largest number a challenge hides (the work is about half of it, on average). */
  maxNumber: number;
  now?: () => Date;
}

export function createProofOfWork(
  { stores, useCases }: { stores: Pick<Stores, 'proofOfWork' | 'serverSecrets'>; useCases: UseCases },
  settings: ProofOfWorkSettings,
) {
  const store = stores.proofOfWork;
  const now = settings.now ?? (() => new Date());
  const kept = sharedSecret({ stores, useCases }, SECRET_NAME);
  const hmacKey = () => (settings.hmacKey ? Promise.resolve(settings.hmacKey) : kept());

  return {
    /** A fresh challenge, signed, expiring in 10 minutes. */
    async challenge(): Promise<Challenge> {
      return createChallenge({
        hmacKey: await hmacKey(),
        maxNumber: settings.maxNumber,
        expires: new Date(now().getTime() + CHALLENGE_LIFETIME_MS),
      });
    },

    /** Whether `payload` is a valid solution never used before; using it here spends it. */
    async verify(payload: unknown): Promise<boolean> {
      if (typeof payload !== 'string' || payload === '' || payload.length > MAX_PAYLOAD_LENGTH) return false;
      let expiresAt: number;
      let signature: unknown;
      try {
        expiresAt = Number(extractParams(payload).expires) * 1000;
        signature = (JSON.parse(atob(payload)) as { signature?: unknown }).signature;
      } catch {
        return false;
      }
      // Only our own challenges, which always expire.
      if (!Number.isFinite(expiresAt) || expiresAt < now().getTime() || typeof signature !== 'string') return false;
      if (!(await verifySolution(payload, await hmacKey(), true))) return false;
      return store.spend(sha256(signature), new Date(expiresAt));
    },

    /** Forgets spent solutions of expired challenges (the retention job calls this). */
    pruneSpent: () => store.pruneSpent(now()),
  };
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>;
