import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { pageText } from '../../test/fixtures';
import { parseEnv } from '../../env';

/**
 * Issue 37 items 1 and 2: the trust page says what the running server is configured with (no rebuild: another app
 * with other settings answers differently at once), in both languages, with no script needed; security.txt follows
 * RFC 9116 with an Expires always ahead.
 */
describe.each(DIALECTS)('the trust page and security.txt on %s', (dialect) => {
  const suite = useTestApp(dialect, () => ({ SMTP_URL: 'smtp://postmaster%40mg.acme.example:s3cret-key@smtp.eu.mailgun.org:587' }));

  it('with nothing but SMTP_URL set, names the relay recognised from its host and its country, never its credentials', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/trust' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const page = pageText(res.body);
    expect(page).toContain('Trust and security');
    expect(page).toMatch(/Mailgun \(EU region\) Germany Delivers our mail/);
    expect(page).toContain('on a server we run ourselves');
    expect(page).toContain(`The database is ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}`);
    expect(page).toContain('erased 30 days after its confirmation mail went out');
    expect(res.body).not.toMatch(/s3cret|postmaster/);
    // The disclosure policy security.txt points at, with the address to write to.
    expect(res.body).toContain('<h2 id="disclosure">Reporting a vulnerability</h2>');
    expect(res.body).toContain('href="mailto:hello@example.com"');
  });

  it('lists the host and the sub-processors the settings add, each with its country, in Swedish at /sv/trust', async () => {
    const app = await suite.makeApp({
      SMTP_URL: 'smtp://a:b@email-smtp.eu-north-1.amazonaws.com:587',
      HOSTING: 'UpCloud, Finland',
      SUB_PROCESSORS: 'Acme CRM, Ireland, Keeps the founders’ follow-up notes; Pipedrive, Estonia',
      SECURITY_CONTACT: 'security@acme.example',
      REQUIRE_2FA: 'all',
      SITE_URL: 'https://waitlist.acme.example',
    });
    const en = pageText((await app.inject({ method: 'GET', url: '/trust' })).body);
    expect(en).toContain('on servers run by UpCloud in Finland');
    expect(en).toMatch(/UpCloud Finland Hosts the server and the database/);
    expect(en).toMatch(/Amazon SES Sweden Delivers our mail/);
    expect(en).toMatch(/Acme CRM Ireland Keeps the founders’ follow-up notes/);
    expect(en).toMatch(/Pipedrive Estonia/);
    expect(en).toContain('Everyone on the console signs in with a password and a second factor');
    expect(en).toContain('over HTTPS only');
    expect(en).toContain('security@acme.example');

    const sv = await app.inject({ method: 'GET', url: '/sv/trust' });
    expect(sv.statusCode).toBe(200);
    expect(sv.body).toContain('<html lang="sv"');
    const svText = pageText(sv.body);
    expect(svText).toContain('Förtroende och säkerhet');
    expect(svText).toContain('på servrar som drivs av UpCloud i Finland');
    expect(svText).toMatch(/Amazon SES Sweden Levererar våra mejl/);
    expect(sv.body).toContain('hreflang="en" href="http://localhost:3000/trust"');
  });

  it('gives the data processing agreement, printable, with the same annexes, in both languages', async () => {
    const app = await suite.makeApp({ HOSTING: 'UpCloud, Finland', REQUIRE_2FA: 'owners' });
    const res = await app.inject({ method: 'GET', url: '/trust/dpa' });
    expect(res.statusCode).toBe(200);
    const page = pageText(res.body);
    expect(page).toContain('Data processing agreement');
    expect(page).toContain('Article 28');
    expect(page).toContain('The processor: Acme Innovate AB, Gothenburg, Sweden');
    expect(page).toMatch(
      /Annex 1: Sub-processors .*UpCloud Finland Hosts the server and the database .*Mailgun \(EU region\) Germany Delivers our mail/,
    );
    expect(page).toMatch(
      /Annex 2: Technical and organisational measures .*The console’s owners sign in with a password and a second factor/,
    );
    expect(page).toMatch(/For the controller .*For the processor/);
    expect(res.body).not.toMatch(/s3cret|postmaster/);
    const sv = pageText((await app.inject({ method: 'GET', url: '/sv/trust/dpa' })).body);
    expect(sv).toContain('Personuppgiftsbiträdesavtal');
    expect(sv).toMatch(/Bilaga 1: Underbiträden .*UpCloud Finland Driver servern och databasen/);
    // The trust page links to it.
    expect((await app.inject({ method: 'GET', url: '/sv/trust' })).body).toContain('href="/sv/trust/dpa"');
  });

  it('says no other company processes the data when no relay or sub-processor is set', async () => {
    const app = await suite.makeApp({ SMTP_URL: undefined });
    const page = pageText((await app.inject({ method: 'GET', url: '/trust' })).body);
    expect(page).toContain('No other company processes the data');
    expect(page).not.toContain('over HTTPS only');
  });

  it('serves security.txt: Contact, an Expires between now and a year ahead, Preferred-Languages, Canonical and Policy', async () => {
    const app = await suite.makeApp({ SECURITY_CONTACT: 'security@acme.example', SITE_URL: 'https://waitlist.acme.example' });
    const res = await app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = Object.fromEntries(
      res.body
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    expect(fields).toEqual({
      Contact: 'mailto:security@acme.example',
      Expires: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/),
      'Preferred-Languages': 'en, sv',
      Canonical: 'https://waitlist.acme.example/.well-known/security.txt',
      Policy: 'https://waitlist.acme.example/trust#disclosure',
    });
    const expires = Date.parse(fields.Expires!);
    expect(expires).toBeGreaterThan(Date.now() + 150 * 86_400_000);
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
  });
});

describe('the trust settings', () => {
  it.each([
    ['HOSTING', 'UpCloud'],
    ['HOSTING', 'UpCloud, Finland; Other, Sweden'],
    ['SUB_PROCESSORS', 'Acme CRM'],
    ['SUB_PROCESSORS', 'A, B, C, D'],
    ['SUB_PROCESSORS', `${'x'.repeat(101)}, Sweden`],
    ['SUB_PROCESSORS', '<script>, Sweden'],
    ['SECURITY_CONTACT', 'not an address'],
  ])('refuses %s=%s with a clear error', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });
});
