import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = path.join(repoRoot, 'artifacts', 'screenshots');

/** Debian's chromium through Playwright, started as every browser of the tests is (scripts/chromium.ts). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** A slow phone under `page`: the processor 6× slower, 150 ms of latency, 50 KB/s each way (Chrome DevTools Protocol). */
export async function emulateSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
}

export interface PageProblems {
  /** console.error messages and uncaught exceptions. */
  errors: string[];
  /** Content-Security-Policy violations reported by the page. */
  cspViolations: string[];
  /** console.warn messages (the 404 page logs the attempted path as a warning). */
  warnings: string[];
  /** Every URL the page requested (to check there are no third-party requests). */
  requests: string[];
  /** Every Referer header the page sent. */
  referers: string[];
}

/**
 * Records console errors, uncaught exceptions, CSP violations and requests of `page` into `problems` (CSP
 * violations also appear as console errors in Chromium; the `securitypolicyviolation` listener catches them
 * even when they do not).
 */
export async function recordProblems(page: Page, problems: PageProblems): Promise<void> {
  page.on('request', (request) => {
    problems.requests.push(request.url());
    const referer = request.headers()['referer'];
    if (referer) problems.referers.push(referer);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(message.text());
    if (message.type() === 'warning') problems.warnings.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(`uncaught: ${error.message}`));
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** A new page in `context` that records its problems (for tests that need more than the `page` fixture). */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems = emptyProblems();
  await recordProblems(page, problems);
  return { page, problems };
}

export const emptyProblems = (): PageProblems => ({ errors: [], cspViolations: [], warnings: [], requests: [], referers: [] });

/** Runs axe-core with the WCAG 2.0/2.1/2.2 A and AA rules and returns the violations in readable form. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Screenshots are for people to look at, not checks: `npm run screenshots` takes them (SCREENSHOTS=1), `npm test` does
 * not (the 60 full-page captures were a tenth of the browsers' time in the suite; issue 46).
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * A full-page screenshot of what a visitor who scrolls down sees: lazy images below the fold are loaded first
 * (a full-page capture does not scroll, so they would be blank), then the page is back where it was. Of an element
 * only, with `of`. Nothing unless SCREENSHOTS=1.
 */
export async function screenshot(page: Page, name: string, of?: Locator): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!SCREENSHOTS) return file;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (of) {
    await of.screenshot({ path: file });
    return file;
  }
  await page.evaluate(async () => {
    const lazy = [...document.images].filter((img) => img.loading === 'lazy');
    if (lazy.length === 0) return;
    for (const img of lazy) img.loading = 'eager';
    await Promise.all(lazy.map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))));
  });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
