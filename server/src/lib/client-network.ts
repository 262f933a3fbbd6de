import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, as throttles count it: the /24 of an IPv4 address and the /64 of an
 * IPv6 one (what one household, office or cloud host usually holds), so an attacker cannot escape a limit by
 * stepping through the addresses next to their own. An IPv4-mapped IPv6 address counts as its IPv4 address;
 * anything that is not an address is its own network.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight groups of an IPv6 address, each as a lower-case number without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [head, tail] = ip.split('%')[0]!.toLowerCase().split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // A trailing dotted IPv4 part (::1.2.3.4) is two groups; it only ever sits in the last 32 bits, beyond the /64.
  const left = groups(head);
  const right = groups(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((g) => (g.includes('.') ? '0' : Number.parseInt(g, 16).toString(16)));
}
