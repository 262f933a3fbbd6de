/**
 * "A burst from one network": more than BURST_SIGNUPS sign-ups from one client network (/24, /64) within a minute
 * flags the ones beyond it for review. Counted in this process (a flag, never a refusal: the per-client rate limit
 * refuses, shared by all copies).
 *
 * Constant time and memory per sign-up, whatever a network sends: whether this sign-up is beyond the threshold
 * depends only on the BURST_SIGNUPS sign-ups before it, so each network keeps exactly that many times in a ring
 * (it kept every time of the last minute and filtered them on each sign-up: a quadratic, issue 32). At most
 * MAX_NETWORKS networks are remembered, the least recently seen forgotten first.
 */
export const BURST_SIGNUPS = 3;
const WINDOW_MS = 60_000;
const MAX_NETWORKS = 10_000;

/** The times of a network's last BURST_SIGNUPS sign-ups, oldest at `next`. */
interface Ring {
  times: number[];
  next: number;
}

export function createBurstWatch(now: () => number = Date.now) {
  const seen = new Map<string, Ring>();
  return {
    /** Records a sign-up from `network`; true when it is beyond the burst threshold. */
    isBurst(network: string): boolean {
      const at = now();
      let ring = seen.get(network);
      if (ring) seen.delete(network);
      else {
        if (seen.size >= MAX_NETWORKS) seen.delete(seen.keys().next().value!);
        ring = { times: new Array<number>(BURST_SIGNUPS).fill(-Infinity), next: 0 };
      }
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently seen network.
      seen.set(network, ring);
      // The BURST_SIGNUPS-th sign-up before this one fell within the minute: this one is beyond the threshold.
      const oldest = ring.times[ring.next]!;
      ring.times[ring.next] = at;
      ring.next = (ring.next + 1) % BURST_SIGNUPS;
      return at - oldest < WINDOW_MS;
    },
    /** How many networks are remembered (bounded by MAX_NETWORKS). */
    get networks(): number {
      return seen.size;
    },
  };
}

export type BurstWatch = ReturnType<typeof createBurstWatch>;
