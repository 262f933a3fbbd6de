import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer } from '../test/dns';
import { createMailDomainCheck } from './mx-lookup';

/** Against a real DNS server on loopback: MX present, A only, nothing, and one that never answers. */
describe('whether a domain can receive mail', () => {
  let dns: Awaited<ReturnType<typeof startTestDnsServer>>;
  beforeAll(async () => {
    dns = await startTestDnsServer({
      mx: { 'volvo.example': 'mx1.volvo.example' },
      a: { 'small-firm.example': '192.0.2.10' },
      hang: ['slow.example'],
    });
  });
  afterAll(() => dns.close());

  it('says yes for an MX record, yes for an A record alone (the implicit MX), no when the domain does not exist', async () => {
    const check = createMailDomainCheck({ servers: [dns.server] });
    expect(await check.receivesMail('volvo.example')).toBe(true);
    expect(await check.receivesMail('Small-Firm.example.')).toBe(true);
    expect(await check.receivesMail('no-such-domain.example')).toBe(false);
  });

  it('lets the sign-up through when DNS does not answer in time (how soon: mx-lookup.timing.test.ts)', async () => {
    const check = createMailDomainCheck({ servers: [dns.server] });
    expect(await check.receivesMail('slow.example')).toBe(true);
  });

  it('asks once per domain while the answer is kept', async () => {
    const check = createMailDomainCheck({ servers: [dns.server] });
    const before = dns.queries.length;
    for (let i = 0; i < 20; i++) await check.receivesMail('volvo.example');
    expect(dns.queries.length - before).toBe(1);
  });
});
