import { fetchChallenge } from './api';

/**
 * The sign-up's proof of work (docs/decisions/0017-proof-of-work-and-mail-budget.md): started once, when the visitor
 * first touches the form, and solved in a worker while they type; the payload goes with the sign-up as `altcha`.
 * Anything that goes wrong (no challenge, no workers, no solution) answers null: the sign-up is sent without one
 * and stored all the same.
 */
export function solveProofOfWork(): Promise<string | null> {
  return (async () => {
    const challenge = await fetchChallenge();
    if (!challenge || typeof Worker === 'undefined') return null;
    const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
    try {
      const number = await new Promise<number | null>((resolve) => {
        worker.onmessage = (event: MessageEvent<number | null>) => resolve(event.data);
        worker.onerror = () => resolve(null);
        worker.postMessage({ challenge: challenge.challenge, salt: challenge.salt, max: challenge.maxnumber });
      });
      if (number === null) return null;
      const { algorithm, challenge: hash, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
    } finally {
      worker.terminate();
    }
  })().catch(() => null);
}

/** Waits at most `ms` for a solution still being found; a fast typist is not held up longer. */
export const withDeadline = (solving: Promise<string | null>, ms: number): Promise<string | null> =>
  Promise.race([solving, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
