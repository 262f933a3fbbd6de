import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer } from '../test/dns';
import { LOOKUP_TIMEOUT_MS, createMailDomainCheck } from './mx-lookup';

/** Measured in time, so run alone (the timing project): a DNS server that never answers costs a sign-up at most the timeout. */
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

  it('lets the sign-up through when DNS does not answer in time, after at most the timeout', async () => {
    const check = createMailDomainCheck({ servers: [dns.server] });
    const started = performance.now();
    expect(await check.receivesMail('slow.example')).toBe(true);
    expect(performance.now() - started).toBeLessThan(LOOKUP_TIMEOUT_MS * 3);
  });
});
