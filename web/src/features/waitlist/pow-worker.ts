import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Solves a proof-of-work challenge off the main thread (ALTCHA v1: the number n ≤ max whose SHA-256 of salt + n is
 * the challenge). A synchronous hash is several times faster here than awaiting crypto.subtle once per number.
 * Answers the number, or null when none fits.
 */
interface Task {
  challenge: string;
  salt: string;
  max: number;
}

const encoder = new TextEncoder();

function solve({ challenge, salt, max }: Task): number | null {
  const target = new Uint8Array(challenge.match(/../g)?.map((byte) => parseInt(byte, 16)) ?? []);
  for (let n = 0; n <= max; n++) {
    const hash = sha256(encoder.encode(salt + n));
    let same = hash.length === target.length;
    for (let i = 0; same && i < hash.length; i++) same = hash[i] === target[i];
    if (same) return n;
  }
  return null;
}

self.onmessage = (event: MessageEvent<Task>) => self.postMessage(solve(event.data));
