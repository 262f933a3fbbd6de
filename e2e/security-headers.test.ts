import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS, describe, expect, test } from './support/fixtures';

/** Security headers on every page of the built site and on the API, over real HTTP against the built server. */
const KEY = 'headers-test-key-1234';
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');

const PAGES = [
  { url: '/', status: 200 },
  { url: '/about', status: 200 },
  { url: '/privacy', status: 200 },
  { url: '/thank-you', status: 200 },
  { url: '/no-such-page', status: 404 },
  { url: '/about/../../etc/passwd', status: 404 },
  // The operator console, once it is built.
  ...(fs.existsSync(path.join(dist, 'admin', 'index.html')) ? [{ url: '/admin', status: 200 }] : []),
];

function expectSecurityHeaders(headers: Headers, label: string) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('default-src'), label).toEqual(["'self'"]);
  expect(directives.get('script-src'), label).toEqual(["'self'"]);
  expect(directives.get('object-src'), label).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(directives.get('base-uri'), label).toEqual(["'self'"]);
  expect(directives.get('form-action'), label).toEqual(["'self'"]);
  expect(csp, label).not.toMatch(/unsafe-inline|unsafe-eval|\*|http:/);
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy'), label).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
  expect(headers.get('x-powered-by'), label).toBeNull();
  expect(headers.get('server'), label).toBeNull();
  // Plain HTTP without a trusted proxy saying otherwise: no HSTS (it would be ignored and can pin mistakes).
  expect(headers.get('strict-transport-security'), label).toBeNull();
}

/**
 * Scripts and stylesheets are never documents, so document-only policies (CSP, Permissions-Policy, framing, COOP)
 * are not sent on them (docs/decisions/0003): they must still be nosniff, same-origin only, immutable and never
 * carry a revalidation header.
 */
function expectSubresourceHeaders(headers: Headers, label: string) {
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
  expect(headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cache-control'), label).toBe('public, max-age=31536000, immutable');
  expect(headers.get('etag'), label).toBeNull();
  expect(headers.get('content-security-policy'), label).toBeNull();
  expect(headers.get('x-powered-by'), label).toBeNull();
}

describe.each(DIALECTS)('security headers of the built server on %s', (dialect) => {
  test.override('serverOptions', { dialect, env: { WAITLIST_PUBLIC_KEY: KEY } });

  test.for(PAGES)('$url answers $status with the full set of security headers', async ({ url, status }, { server }) => {
    const res = await fetch(`${server.url}${url}`, { redirect: 'manual' });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
    expectSecurityHeaders(res.headers, url);
  });

  test('every script and stylesheet a page references is served same-origin with nosniff and a matching type', async ({ server }) => {
    const seen = new Set<string>();
    for (const { url } of PAGES.filter((p) => p.status === 200)) {
      const html = await (await fetch(`${server.url}${url}`)).text();
      // Every executable script is an external same-origin file: the CSP forbids inline scripts
      // (JSON data blocks such as application/ld+json are not executed and are allowed).
      const inline = [...html.matchAll(/<script([^>]*)>\s*\S/g)].filter(
        ([, attrs]) => !/\ssrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!),
      );
      expect(
        inline.map(([tag]) => tag),
        url,
      ).toEqual([]);
      expect(html, url).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
      for (const [, ref] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) seen.add(ref!);
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const ref of seen) {
      const res = await fetch(`${server.url}${ref}`);
      expect(res.status, ref).toBe(200);
      expect(res.headers.get('content-type'), ref).toMatch(ref.endsWith('.js') ? /javascript/ : /text\/css/);
      expectSubresourceHeaders(res.headers, ref);
    }
  });

  test('SVG assets, which a browser can open as documents, carry the full document headers', async ({ server }) => {
    const html = await (await fetch(`${server.url}/about`)).text();
    const svgs = [...html.matchAll(/src="(\/assets\/[^"]+\.svg)"/g)].map(([, ref]) => ref!);
    expect(svgs.length).toBeGreaterThan(0);
    for (const ref of svgs) {
      const res = await fetch(`${server.url}${ref}`);
      expect(res.status, ref).toBe(200);
      expect(res.headers.get('content-type'), ref).toMatch(/image\/svg\+xml/);
      expectSecurityHeaders(res.headers, ref);
    }
  });

  test("API answers and the no-script form's answers carry the same headers and never echo personal data in errors", async ({ server }) => {
    const headers = { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const secret = 'leak-check-4711@example.com';
    const answers = [
      await fetch(`${server.url}/healthz`),
      await fetch(`${server.url}${SIGNUPS_PATH}`, { method: 'POST', headers, body: JSON.stringify({ email: secret, role: 'Nope' }) }),
      await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: secret, role: 'Other', company_size: 'x', desired_outcomes: ['Other'] }),
      }),
      await fetch(`${server.url}${SIGNUPS_PATH}?select=*`, { headers }),
    ];
    // The form posted without script: its answers are pages with the full set, kept out of every cache.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const invalid = await fetch(`${server.url}/`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ email: secret }),
      redirect: 'manual',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(invalid.headers, 'POST / (invalid)');
    const fields = [
      ['email', secret],
      ['role', 'Other'],
      ['companySize', '1-10 employees'],
      ['desiredOutcomes', 'Other'],
      ['privacyConsent', 'on'],
    ];
    const stored = await fetch(`${server.url}/about`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
    expect(stored.status).toBe(303);
    expect(stored.headers.get('location')).toBe('/thank-you');
    expectSecurityHeaders(stored.headers, 'POST /about (stored)');
    for (const res of answers) {
      expectSecurityHeaders(res.headers, res.url);
      expect(await res.text()).not.toContain('leak-check-4711');
    }
  });
});
