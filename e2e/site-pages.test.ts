import { CATALOGUE } from '@waitlist/catalogue';
import { localizedPath, unlocalizedPath } from '@waitlist/contract/locales';
import { describe, expect, test } from './support/fixtures';
import { axeViolations, DESKTOP, PHONE, screenshot } from './support/browser';

const { notFoundTitle: NOT_FOUND_TITLE, toasts: TOASTS } = CATALOGUE.en.form;
const MESSAGES = { en: CATALOGUE.en.form, sv: CATALOGUE.sv.form };

const pages = [
  { path: '/', name: 'home', status: 200, indexed: true, h1: /Make innovation management/ },
  { path: '/about', name: 'about', status: 200, indexed: true, h1: /mission to make innovation/ },
  { path: '/privacy', name: 'privacy', status: 200, indexed: true, h1: /^Privacy Policy$/ },
  { path: '/accessibility', name: 'accessibility', status: 200, indexed: true, h1: /^Accessibility statement$/ },
  { path: '/trust', name: 'trust', status: 200, indexed: true, h1: /^Trust and security$/ },
  { path: '/trust/dpa', name: 'dpa', status: 200, indexed: true, h1: /^Data processing agreement$/ },
  { path: '/thank-you', name: 'thank-you', status: 200, indexed: false, h1: new RegExp(`^${TOASTS.success.title}$`) },
  { path: '/no-such-page', name: '404', status: 404, indexed: false, h1: new RegExp(`^${NOT_FOUND_TITLE}$`) },
  { path: '/sv', name: 'sv-home', status: 200, indexed: true, h1: /Gör innovationsarbetet/ },
  { path: '/sv/about', name: 'sv-about', status: 200, indexed: true, h1: /göra innovation till allas angelägenhet/ },
  { path: '/sv/privacy', name: 'sv-privacy', status: 200, indexed: true, h1: /^Integritetspolicy$/ },
  { path: '/sv/tillganglighet', name: 'sv-accessibility', status: 200, indexed: true, h1: /^Tillgänglighetsredogörelse$/ },
  { path: '/sv/trust', name: 'sv-trust', status: 200, indexed: true, h1: /^Förtroende och säkerhet$/ },
  { path: '/sv/trust/dpa', name: 'sv-dpa', status: 200, indexed: true, h1: /^Personuppgiftsbiträdesavtal$/ },
  { path: '/sv/thank-you', name: 'sv-thank-you', status: 200, indexed: false, h1: new RegExp(`^${MESSAGES.sv.toasts.success.title}$`) },
  { path: '/sv/finns-inte', name: 'sv-404', status: 404, indexed: false, h1: new RegExp(`^${MESSAGES.sv.notFoundTitle}$`) },
].map((p) => ({ ...p, lang: p.path.startsWith('/sv') ? 'sv' : 'en' }));

/** The same page in the other language, as hreflang names it (absolute, on the build's SITE_URL). */
const SITE = 'http://localhost:3000';
const englishOf = (path: string) => unlocalizedPath(path);
const swedishOf = (path: string) => localizedPath('sv', path);

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('every page at %s px', (width, contextOptions) => {
  test.override('contextOptions', contextOptions);

  test.for(pages)(
    '$path: status, heading, head tags, no console errors or CSP violations, axe clean',
    async (p, { page, problems, server }) => {
      const response = await page.goto(server.url + p.path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(p.status);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(p.h1);

      const title = await page.title();
      expect(title).toContain('Acme Innovate');
      const meta = (selector: string, attr = 'content') => page.locator(selector).first().getAttribute(attr);
      expect(await meta('meta[name="description"]')).toBeTruthy();
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:description"]')).toBe(await meta('meta[name="description"]'));
      expect(await meta('meta[name="twitter:card"]')).toBe('summary');
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(jsonLd['@type']).toBe('Organization');
      expect(await page.locator('html').getAttribute('lang')).toBe(p.lang);
      expect(await meta('meta[property="og:locale"]')).toBe(p.lang === 'sv' ? 'sv_SE' : 'en_US');
      if (p.indexed) {
        expect(await meta('link[rel="canonical"]', 'href')).toBe(`${SITE}${p.path}`);
        expect(await meta('meta[property="og:url"]')).toBe(`${SITE}${p.path}`);
        const english = englishOf(p.path);
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
        expect(alternates).toEqual([
          ['en', `${SITE}${english}`],
          ['sv', `${SITE}${swedishOf(english)}`],
          ['x-default', `${SITE}${english}`],
        ]);
      } else {
        expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
        expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(0);
        expect(await meta('meta[name="robots"]')).toBe('noindex');
      }

      // The hero's animation and the form's island have loaded by now: `networkidle` waited for 500 ms without a request.
      // The 404 document itself is reported by Chromium as a failed resource load: expected on that page only.
      const errors = problems.errors.filter((e) => !(p.status === 404 && e.includes('the server responded with a status of 404')));
      expect(errors).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
      expect(problems.requests.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:'))).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `${p.name}-${width}`);
    },
  );
});

describe('prerendered HTML (no JavaScript needed)', () => {
  test.for([
    [
      '/',
      [
        'An overlooked problem',
        'Our Approach',
        'How We&#x27;re Different',
        'How It Works',
        'Frequently asked questions',
        'Sign-up to the waitlist',
      ],
    ],
    ['/about', ['Our story', 'Our Mission', 'The Team', 'Co-founder &amp; CEO', 'Co-founder &amp; CTO', 'Sign-up to the waitlist']],
    ['/privacy', ['Information We Collect', 'Updates to This Policy', 'Last updated November 2026', 'hello@example.com']],
  ] as const)('%s contains its content and is precompressed', async ([path, texts], { server }) => {
    const response = await fetch(server.url + path, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of texts) expect(html).toContain(text);
    expect(html).not.toMatch(/<script(?![^>]*(type="module"|type="application\/ld\+json"))/);
    expect(html).not.toMatch(/\sstyle="/);
  });

  test('serves sitemap.xml and robots.txt', async ({ server }) => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of ['/', '/about', '/privacy', '/accessibility', '/sv/tillganglighet', '/trust', '/sv/trust'])
      expect(sitemap).toContain(`<loc>http://localhost:3000${path}</loc>`);
    // Each page lists its other language by hreflang, the Swedish statement under its own name.
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="sv" href="http://localhost:3000/sv/tillganglighet"/>');
    expect(sitemap).not.toContain('/thank-you');
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('404 page', () => {
  test('answers 404, links home, and logs the attempted path in the console and the server log', async ({ page, problems, server }) => {
    const response = await page.goto(`${server.url}/missing/page-42`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await expect.poll(() => problems.warnings.join('\n')).toContain('/missing/page-42');
    expect(server.logs()).toContain('/missing/page-42');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Make innovation management/);
  });
});

describe('page content', () => {
  test('about: mission image and two founder portraits with alt text and reserved size', async ({ page, server }) => {
    await page.goto(`${server.url}/about`, { waitUntil: 'networkidle' });
    const images = page.getByRole('img');
    const alts = await images.evaluateAll((els) =>
      els.map((el) => [el.getAttribute('alt'), el.getAttribute('width'), el.getAttribute('height')]),
    );
    expect(alts.filter(([alt]) => alt && /portrait/i.test(alt))).toHaveLength(2);
    expect(alts.every(([alt, w, h]) => alt && w && h)).toBe(true);
    await expect.poll(() => page.getByText('Co-founder & CEO').count()).toBe(1);
    await expect.poll(() => page.getByText('Co-founder & CTO').count()).toBe(1);
  });

  test('privacy: the eight sections in order, and the contact e-mail', async ({ page, server }) => {
    await page.goto(`${server.url}/privacy`, { waitUntil: 'networkidle' });
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Information We Collect',
      'How We Use Your Information',
      'Data Protection',
      'Information Sharing',
      'Your Rights',
      'Cookies and Tracking',
      'Contact Us',
      'Updates to This Policy',
    ]);
    expect(await page.getByRole('main').getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
      'mailto:hello@example.com',
    );
  });

  test('footer: tagline, Privacy Policy, contact e-mail, a location in Sweden and LinkedIn; no cookies set', async ({
    page,
    context,
    server,
  }) => {
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const footer = page.getByRole('contentinfo');
    await expect.poll(() => footer.textContent()).toContain('Simplifying and democratizing innovation management.');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe('mailto:hello@example.com');
    expect(await footer.textContent()).toContain('Sweden');
    expect(await footer.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\//);
    expect(await context.cookies()).toEqual([]);
  });
});
