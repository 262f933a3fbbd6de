import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('is the /24 of an IPv4 address, mapped or not', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(clientNetwork('203.0.113.250')).toBe('203.0.113.0/24');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(clientNetwork('203.0.114.7')).not.toBe(clientNetwork('203.0.113.7'));
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientNetwork('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8:1:3::7')).not.toBe(clientNetwork('2001:db8:1:2::7'));
  });

  it('keeps anything else as it is', () => {
    expect(clientNetwork('not an address')).toBe('not an address');
  });
});
