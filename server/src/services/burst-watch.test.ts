import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BURST_SIGNUPS, createBurstWatch } from './burst-watch';

/** The rule stated plainly, as it was first written: count every earlier sign-up of the network within the minute. */
function referenceWatch() {
  const seen = new Map<string, number[]>();
  return (network: string, at: number) => {
    const recent = (seen.get(network) ?? []).filter((t) => at - t < 60_000);
    recent.push(at);
    seen.set(network, recent);
    return recent.length > BURST_SIGNUPS;
  };
}

describe('burst watch', () => {
  it('flags the sign-ups beyond three from one network within a minute, and no others', () => {
    let clock = 0;
    const watch = createBurstWatch(() => clock);
    const flags = [0, 1_000, 2_000, 3_000, 4_000].map((at) => ((clock = at), watch.isBurst('198.51.100.0/24')));
    expect(flags).toEqual([false, false, false, true, true]);
    // Another network is counted apart.
    expect(watch.isBurst('203.0.113.0/24')).toBe(false);
    // A minute after the second of the last three: the window holds only two before this one.
    clock = 3_000 + 60_000;
    expect(watch.isBurst('198.51.100.0/24')).toBe(false);
  });

  it('answers exactly as counting every sign-up of the last minute would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ network: fc.constantFrom('a', 'b', 'c'), gap: fc.integer({ min: 0, max: 40_000 }) }), { maxLength: 300 }),
        (steps) => {
          let clock = 1_000_000;
          const watch = createBurstWatch(() => clock);
          const reference = referenceWatch();
          for (const { network, gap } of steps) {
            clock += gap;
            expect(watch.isBurst(network)).toBe(reference(network, clock));
          }
        },
      ),
    );
  });

  it('remembers at most 10,000 networks, forgetting the least recently seen first', () => {
    let clock = 0;
    const watch = createBurstWatch(() => clock);
    for (let i = 0; i < 3; i++) watch.isBurst('busy');
    for (let n = 0; n < 9_999; n++) watch.isBurst(`other-${n}`);
    // "busy" is the least recently seen, but seen again now: it stays, and is flagged.
    expect(watch.isBurst('busy')).toBe(true);
    for (let n = 0; n < 20_000; n++) watch.isBurst(`more-${n}`);
    expect(watch.networks).toBe(10_000);
    // Forgotten after 20,000 other networks: counted afresh.
    clock += 1;
    expect(watch.isBurst('busy')).toBe(false);
  });
});
