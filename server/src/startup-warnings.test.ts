import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { runtimeWarning, startupWarnings } from './startup-warnings';

const production = (more: Record<string, string>) =>
  parseEnv({
    NODE_ENV: 'production',
    WAITLIST_PUBLIC_KEY: 'a-real-key-123456',
    SITE_URL: 'https://waitlist.example.se',
    TRUST_PROXY: '1',
    ...more,
  });

describe('warnings at start-up', () => {
  it('says nothing for a sound production configuration', () => {
    expect(startupWarnings(production({ SMTP_URL: 'smtps://u:p@relay.example.com:465' }))).toEqual([]);
    expect(startupWarnings(production({ SMTP_URL: 'smtp://u:p@relay.example.com:587?requireTLS=true' }))).toEqual([]);
  });

  it('warns in production when the site is https but TRUST_PROXY is unset', () => {
    expect(startupWarnings(production({ TRUST_PROXY: 'false' }))).toEqual([expect.stringMatching(/TRUST_PROXY is unset/)]);
  });

  it('warns in production when SMTP may send in clear (smtp:// without requireTLS)', () => {
    expect(startupWarnings(production({ SMTP_URL: 'smtp://u:p@relay.example.com:587' }))).toEqual([expect.stringMatching(/requireTLS/)]);
    expect(startupWarnings(production({ SMTP_URL: 'smtp://relay.example.com:587?requireTLS=false' }))).toHaveLength(1);
    // A developer's machine with a local catcher is not production.
    expect(startupWarnings(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:1025' }))).toEqual([]);
  });

  it('warns about the development key, a plain-http site and retention days the privacy page does not state', () => {
    const warnings = startupWarnings(
      parseEnv({
        NODE_ENV: 'production',
        SMTP_URL: 'smtps://relay.example.com',
        SITE_URL: 'http://example.com',
        UNCONFIRMED_RETENTION_DAYS: '14',
      }),
    );
    expect(warnings).toEqual([
      expect.stringMatching(/WAITLIST_PUBLIC_KEY/),
      expect.stringMatching(/SITE_URL is not https/),
      expect.stringMatching(/UNCONFIRMED_RETENTION_DAYS is 14/),
    ]);
  });

  it('warns when the running Node.js is past its end of life, naming the line to move to (issue 51)', () => {
    const day = new Date('2026-11-28T12:00:00Z');
    expect(runtimeWarning('v20.20.2', day)).toBe(
      'Node.js 20 reached its end of life on 2026-04-30 and gets no security releases: run Node.js 26, the active LTS (docs/deployment.md)',
    );
    expect(runtimeWarning('25.9.0', day)).toMatch(/^Node\.js 25 reached its end of life on 2026-06-01/);
    expect(runtimeWarning('v22.23.5', day)).toBeNull();
    expect(runtimeWarning('v24.22.3', day)).toBeNull();
    expect(runtimeWarning('v26.12.1', day)).toBeNull();
    // The last day of a line is still a supported day; a line this version does not know gets no guess.
    expect(runtimeWarning('v20.20.2', new Date('2026-04-30T23:00:00Z'))).toBeNull();
    expect(runtimeWarning('v28.0.0', day)).toBeNull();
  });
});
