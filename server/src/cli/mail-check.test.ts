import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dkimPublicKey } from '../lib/mail-health';
import { startTestDnsServer, type DnsZone } from '../test/dns';
import { runProgram } from '../test/run-program';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-check-'));
const keyFile = path.join(dir, 'dkim.pem');
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
const ours = dkimPublicKey(fs.readFileSync(keyFile, 'utf8'));
const other = dkimPublicKey(
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const GOOD: DnsZone = {
  txt: {
    'bounces.acme.se': ['v=spf1 include:mailgun.org ~all'],
    'mail2026._domainkey.acme.se': [`v=DKIM1; k=rsa; p=${ours.p}`],
    '_dmarc.acme.se': ['v=DMARC1; p=quarantine; rua=mailto:dmarc@acme.se'],
  },
  mx: { 'bounces.acme.se': 'waitlist.acme.se' },
};

/** Runs `mail:check` as a program (the built entry's source), against a DNS server on loopback. */
async function mailCheck(zone: DnsZone): Promise<{ code: number | null; out: string }> {
  const dns = await startTestDnsServer(zone);
  try {
    return await runProgram('mail-check-cli.ts', [], {
      env: {
        DATA_DIR: dir,
        SITE_URL: 'https://waitlist.acme.se',
        MAIL_FROM: 'Acme Innovate <hello@acme.se>',
        SMTP_URL: 'smtps://postmaster%40acme.se:secret@smtp.eu.mailgun.org:465',
        BOUNCE_DOMAIN: 'bounces.acme.se',
        DKIM_PRIVATE_KEY_FILE: keyFile,
        DKIM_SELECTOR: 'mail2026',
        DNS_SERVERS: dns.server,
      },
    });
  } finally {
    await dns.close();
  }
}

/** Issue 35 item 6: `npm run mail:check` looks the domains up and exits 0 only when every check passes. */
describe('npm run mail:check', () => {
  it('passes with good records: SPF at the bounce domain, our DKIM key, DMARC aligned, the bounce MX', async () => {
    const { code, out } = await mailCheck(GOOD);
    expect(out).toMatch(/^PASS {2}SPF .*bounces\.acme\.se .*one record, ending in ~all$/m);
    expect(out).toMatch(/^PASS {2}DKIM .*the published key is the one DKIM_PRIVATE_KEY_FILE signs with \(rsa\)$/m);
    expect(out).toMatch(/^PASS {2}DMARC .*policy quarantine; aligned by DKIM and SPF$/m);
    expect(out).toMatch(/^PASS {2}Bounce MX .*points at waitlist\.acme\.se$/m);
    expect(out).toContain('Every check passes.');
    expect(code, out).toBe(0);
  });

  it('fails with missing records and prints the exact records to publish', async () => {
    const { code, out } = await mailCheck({});
    expect(code, out).toBe(1);
    expect(out).toContain('4 of 4 checks fail. The records to publish:');
    expect(out).toContain('  bounces.acme.se.  TXT  "v=spf1 include:mailgun.org ~all"');
    expect(out).toContain(`  mail2026._domainkey.acme.se.  TXT  "v=DKIM1; k=rsa; p=${ours.p}"`);
    expect(out).toContain('  _dmarc.acme.se.  TXT  "v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:dmarc-reports@acme.se"');
    expect(out).toContain('  bounces.acme.se.  MX  10 waitlist.acme.se.');
  });

  it('fails with wrong records: another DKIM key, two SPF records, +all, a DMARC without a policy', async () => {
    const wrongKey = await mailCheck({ ...GOOD, txt: { ...GOOD.txt, 'mail2026._domainkey.acme.se': [`v=DKIM1; k=rsa; p=${other.p}`] } });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.out).toMatch(/^FAIL {2}DKIM .*not the one the server signs with/m);
    // With DKIM failing, DMARC still holds by SPF alignment (bounces.acme.se is acme.se's).
    expect(wrongKey.out).toMatch(/^PASS {2}DMARC .*aligned by SPF$/m);

    const twoSpf = await mailCheck({
      ...GOOD,
      txt: { ...GOOD.txt, 'bounces.acme.se': ['v=spf1 include:mailgun.org ~all', 'v=spf1 -all'] },
    });
    expect(twoSpf.out).toMatch(/^FAIL {2}SPF .*more than one SPF record/m);
    const open = await mailCheck({ ...GOOD, txt: { ...GOOD.txt, 'bounces.acme.se': ['v=spf1 +all'] } });
    expect(open.out).toMatch(/^FAIL {2}SPF .*lets anyone send as us/m);
    const noPolicy = await mailCheck({ ...GOOD, txt: { ...GOOD.txt, '_dmarc.acme.se': ['v=DMARC1; rua=mailto:x@acme.se'] } });
    expect(noPolicy.out).toMatch(/^FAIL {2}DMARC .*no valid policy/m);
    expect(noPolicy.code).toBe(1);
  });
});
