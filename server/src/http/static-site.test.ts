import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { type TestDatabase } from '../test/databases';

describe('serving the site', () => {
  const distOf = (testDb: TestDatabase) => path.join(testDb.dataDir, 'dist');
  // eslint-disable-next-line no-restricted-syntax -- one dialect on purpose: static files and headers: no query runs
  const suite = useTestApp('sqlite', (testDb) => ({ WEB_DIST_DIR: distOf(testDb) }), {
    beforeBuild(testDb) {
      const dist = distOf(testDb);
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.mkdirSync(path.join(dist, 'about'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Home</title>${'<p>home</p>'.repeat(200)}`);
      fs.writeFileSync(path.join(dist, 'about', 'index.html'), '<!doctype html><title>About</title>');
      fs.mkdirSync(path.join(dist, 'admin'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'admin', 'index.html'), '<!doctype html><title>Operator console</title>');
      fs.writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Oops! Page not found</title>');
      fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    },
  });

  it('serves prerendered pages with no-cache and strict security headers', async () => {
    for (const url of ['/', '/about']) {
      const res = await suite.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers every path under /admin with the console, whose router shows the screen (issue 48 item 1)', async () => {
    for (const url of [
      '/admin',
      '/admin/signups',
      '/admin/signups/12?role=Other',
      '/admin/pilots/waves?segment=3',
      '/admin/no-such-screen',
    ]) {
      const res = await suite.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Operator console');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await suite.app.inject('/admin/')).headers.location).toBe('/admin');
    // Only the console's subtree: other unknown paths are still the site's 404.
    expect((await suite.app.inject('/administrator')).statusCode).toBe(404);
  });

  it('sends HSTS when the request came over TLS', async () => {
    const tls = await suite.makeApp({ TRUST_PROXY: 'true' });
    const res = await tls.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('caches hashed assets immutably', async () => {
    const res = await suite.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses HTML for browsers that accept it', async () => {
    const res = await suite.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toMatch(/br|gzip/);
  });

  it('answers any unknown path with the 404 page and status 404', async () => {
    for (const url of ['/nope', '/about/team/x', '/index.php?x=1']) {
      const res = await suite.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Oops! Page not found');
    }
  });
});
