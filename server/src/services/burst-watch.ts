/**
 * "A burst from one network": more than BURST_SIGNUPS sign-ups from one client network (/24, /64) within a minute
 * flags the ones beyond it for review. Counted in this process (a flag, never a refusal: the per-client rate limit
 * refuses, shared by all copies); the memory is bounded.
 */
export const BURST_SIGNUPS = 3;
const WINDOW_MS = 60_000;
const MAX_NETWORKS = 10_000;

export function createBurstWatch(now: () => number = Date.now) {
  const seen = new Map<string, number[]>();
  return {
    /** Records a sign-up from `network`; true when it is beyond the burst threshold. */
    isBurst(network: string): boolean {
      const at = now();
      const recent = (seen.get(network) ?? []).filter((t) => at - t < WINDOW_MS);
      recent.push(at);
      seen.delete(network);
      if (seen.size >= MAX_NETWORKS) seen.delete(seen.keys().next().value!);
      seen.set(network, recent);
      return recent.length > BURST_SIGNUPS;
    },
  };
}

export type BurstWatch = ReturnType<typeof createBurstWatch>;
