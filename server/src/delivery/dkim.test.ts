import fs from 'node:fs';
import path from 'node:path';
import { Resolver } from 'node:dns/promises';
import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { useTestAppWithMail } from '../test/app-with-mail';
import { DIALECTS } from '../test/databases';
import { startTestDnsServer } from '../test/dns';
import { apiHeaders, validSignup } from '../test/fixtures';
import { parseEnv, EnvError } from '../env';

/**
 * Issue 35 item 5: with DKIM_PRIVATE_KEY_FILE and DKIM_SELECTOR set, every mail leaves signed by us for MAIL_FROM's
 * domain, covering From, Subject and List-Unsubscribe(-Post). Checked as a receiver checks it: mailauth reads the
 * signature, asks a DNS server on loopback for `selector._domainkey.domain` and verifies the body and headers.
 */
const DOMAIN = 'acme-mail.example';
const SELECTOR = 'wl2026';

describe.each(DIALECTS)('DKIM signing on %s', (dialect) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  let dns: Awaited<ReturnType<typeof startTestDnsServer>>;
  let keyFile = '';
  beforeAll(async () => {
    // The record as a founder publishes it (split in strings of at most 255 characters, as DNS requires).
    const record = `v=DKIM1; k=rsa; p=${publicKeyDer}`;
    dns = await startTestDnsServer({ txt: { [`${SELECTOR}._domainkey.${DOMAIN}`]: [record] } });
  });
  afterAll(async () => dns?.close());

  const { smtp, suite } = useTestAppWithMail(dialect, (testDb) => {
    keyFile = path.join(testDb.dataDir, 'dkim.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    return {
      MAIL_FROM: `Acme Innovate <hello@${DOMAIN}>`,
      DKIM_PRIVATE_KEY_FILE: keyFile,
      DKIM_SELECTOR: SELECTOR,
      OUTBOX_POLL_MS: '100',
      UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
    };
  });

  it('signs every mail for the sending domain; a receiver verifies it against the key in DNS, From, Subject and List-Unsubscribe covered', async () => {
    const person = validSignup({ email: `dkim-${dialect}@example.com` });
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: person });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.nextMailTo(person.email, { timeoutMs: 15_000 });
    expect(mail.rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const resolver = new Resolver();
    resolver.setServers([dns.server]);
    const verified = await dkimVerify(Buffer.from(mail.raw), {
      resolver: async (name: string, type: string) => (type === 'TXT' ? resolver.resolveTxt(name) : []),
    });
    const [result] = verified.results;
    expect(result?.status.result, JSON.stringify(result?.status)).toBe('pass');
    expect(result?.signingDomain).toBe(DOMAIN);
    expect(result?.selector).toBe(SELECTOR);
    // The signature's h= tag: the headers it covers.
    const tags = (mail.rawHeader('dkim-signature') ?? '').replace(/\s+/g, '');
    const signed = (/(?:^|;)h=([^;]+)/.exec(tags)?.[1] ?? '').toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
    expect(dns.queries).toContain(`TXT ${SELECTOR}._domainkey.${DOMAIN}`);

    // A changed subject no longer verifies (the signature covers it).
    const tampered = mail.raw.replace(/^Subject: .*$/m, 'Subject: Something else');
    const [broken] = (await dkimVerify(Buffer.from(tampered), { resolver: async (name: string) => resolver.resolveTxt(name) })).results;
    expect(broken?.status.result).toBe('fail');
  });

  it('refuses to start with one of the two settings, or a key file that is not a key', async () => {
    expect(() => parseEnv({ DKIM_SELECTOR: SELECTOR })).toThrow(EnvError);
    const notAKey = path.join(path.dirname(keyFile), 'not-a-key.pem');
    fs.writeFileSync(notAKey, 'hello');
    await expect(suite.makeApp({ DKIM_PRIVATE_KEY_FILE: notAKey })).rejects.toThrow(
      /DKIM_PRIVATE_KEY_FILE .* is not a readable PEM private key/,
    );
  });
});
