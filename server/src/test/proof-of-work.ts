import { solveChallenge } from 'altcha-lib/v1';
import { CHALLENGE_PATH } from '@waitlist/contract';
import type { App } from '../app';

/** A challenge as GET /api/challenge answers it. */
export interface TestChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** What the form's script does: fetch a challenge from `app` and find its number; answers the `altcha` payload. */
export async function solvedChallenge(app: App): Promise<string> {
  const c = (await app.inject({ method: 'GET', url: CHALLENGE_PATH })).json<TestChallenge>();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return btoa(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature }),
  );
}
