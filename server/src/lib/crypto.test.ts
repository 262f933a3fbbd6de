import { describe, expect, it } from 'vitest';
import { randomToken } from './crypto';

describe('randomToken', () => {
  it('gives URL-safe tokens of the asked size, never the same twice, across many refills of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const token = randomToken(12);
      expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(20_000);
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
    expect(Buffer.from(randomToken(1000), 'base64url')).toHaveLength(1000);
  });

  it('uses every byte value about equally (no piece of the pool handed out as zeros)', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4_000; i++) for (const byte of Buffer.from(randomToken(16), 'base64url')) counts[byte]!++;
    // 64,000 bytes: 250 of each value expected; a zeroed piece would push the count of 0 far above.
    expect(Math.max(...counts)).toBeLessThan(400);
    expect(Math.min(...counts)).toBeGreaterThan(130);
  });
});
