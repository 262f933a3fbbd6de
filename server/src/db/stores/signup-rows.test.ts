import { describe, expect, it } from 'vitest';
import { SIGNUP_FLAGS, type SignupFlag } from '@waitlist/contract';
import { encodeFlags, storedFlagSetsWith } from './signup-rows';

describe('the stored values the flag filter matches', () => {
  it('are every set of known flags that holds the flag, encoded as a sign-up stores its flags', () => {
    for (const flag of SIGNUP_FLAGS) {
      const sets = storedFlagSetsWith(flag);
      expect(sets).toHaveLength(2 ** (SIGNUP_FLAGS.length - 1));
      expect(new Set(sets).size).toBe(sets.length);
      for (const set of sets) {
        expect(set.split(' ')).toContain(flag);
        expect(encodeFlags(set.split(' ') as SignupFlag[])).toBe(set);
      }
    }
    // In whatever order a sign-up's flags were found, its stored value is one the filter of each flag matches.
    const both = encodeFlags(['no-proof-of-work', 'burst', 'no-proof-of-work']);
    expect(both).toBe('burst no-proof-of-work');
    for (const flag of SIGNUP_FLAGS) expect(storedFlagSetsWith(flag)).toContain(both);
    expect(storedFlagSetsWith('burst')).not.toContain('no-proof-of-work');
  });
});
