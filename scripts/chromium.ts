/**
 * The one browser of the tests and the performance scripts: Debian's chromium (test tools cannot download browsers
 * here), at `CHROMIUM_PATH` when set. The e2e tests drive it through Playwright (e2e/support/browser.ts), Lighthouse
 * through chrome-launcher (scripts/perf-lighthouse.ts); both start it with these flags.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
