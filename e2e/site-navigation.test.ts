import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server';
import { DESKTOP, launchBrowser, openPage, screenshot } from './support/browser';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(options: BrowserContextOptions, path: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  try {
    const { page, problems } = await openPage(context);
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    // Hydrated: React has attached its props to the header's button.
    await page.waitForFunction(() => {
      const button = document.querySelector('header button');
      return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'));
    });
    await run(page);
    expect(problems.errors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Top of the element relative to the viewport, once smooth scrolling has settled. */
async function settledTop(page: Page, id: string): Promise<number> {
  // After a client-side navigation the URL changes before the new route is rendered.
  await page.locator(`[id="${id}"]`).waitFor({ state: 'attached' });
  let previous = Number.NaN;
  for (let i = 0; i < 40; i++) {
    const top = await page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
    if (Math.abs(top - previous) < 1) return top;
    previous = top;
    await page.waitForTimeout(100);
  }
  return previous;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('navigation', () => {
  it.each([
    ['Solution', 'solution'],
    ['How It Works', 'how-it-works'],
    ['FAQ', 'faq'],
  ])('Home ▸ %s scrolls to #%s, also from another route', async (label, anchor) => {
    await withPage(DESKTOP, '/about', async (page) => {
      await nav(page).getByRole('button', { name: 'Home' }).click();
      await nav(page).getByRole('link', { name: label }).click();
      await page.waitForURL(`${server.url}/#${anchor}`);
      const top = await settledTop(page, anchor);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(120); // just below the sticky header
      expect(await nav(page).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      expect(await nav(page).getByRole('button', { name: 'Home' }).getAttribute('aria-expanded')).toBe('false');
    });
  });

  it('Home ▸ Privacy Policy goes to /privacy; the active route is underlined with aria-current; route changes start at the top', async () => {
    await withPage(DESKTOP, '/', async (page) => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      await nav(page).getByRole('button', { name: 'Home' }).click();
      await nav(page).getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL(`${server.url}/privacy`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.title()).toContain('Privacy Policy');

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const about = nav(page).getByRole('link', { name: 'About' });
      await about.click();
      await page.waitForURL(`${server.url}/about`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await about.getAttribute('aria-current')).toBe('page');
      expect(await about.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
      expect(await nav(page).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
      expect(await page.title()).toContain('About');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('http://localhost:3000/about');
    });
  });

  it("'Sign up' and the hero button scroll to the sign-up form", async () => {
    await withPage(DESKTOP, '/', async (page) => {
      await nav(page).getByRole('link', { name: 'Sign up' }).click();
      await page.waitForURL(`${server.url}/#signup-form`);
      const top = await settledTop(page, 'signup-form');
      expect(Math.abs(top)).toBeLessThan(120);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByRole('link', { name: 'Sign-up for waitlist' }).click();
      expect(Math.abs(await settledTop(page, 'signup-form'))).toBeLessThan(120);
    });
  });

  it('FAQ: four questions, one open at a time, collapsible', async () => {
    await withPage(DESKTOP, '/', async (page) => {
      const faq = page.locator('#faq');
      const questions = faq.getByRole('button');
      expect(await questions.count()).toBe(4);
      const [first, second] = [questions.nth(0), questions.nth(1)];
      await first.click();
      expect(await first.getAttribute('aria-expanded')).toBe('true');
      expect(await faq.getByRole('region').count()).toBe(1);
      await second.click();
      expect(await first.getAttribute('aria-expanded')).toBe('false');
      expect(await second.getAttribute('aria-expanded')).toBe('true');
      expect(await faq.getByRole('region').count()).toBe(1);
      await second.click();
      expect(await faq.getByRole('region').count()).toBe(0);
    });
  });

  it('keyboard only: skip link, Home dropdown with arrows and Escape, focus visible', async () => {
    await withPage(DESKTOP, '/', async (page) => {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

      const home = nav(page).getByRole('button', { name: 'Home' });
      await home.focus();
      await page.keyboard.press('Enter');
      expect(await home.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Solution');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).toBe('solid');
      await page.keyboard.press('Escape');
      expect(await home.getAttribute('aria-expanded')).toBe('false');
      expect(await home.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('FAQ');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/#faq`);
      expect(Math.abs(await settledTop(page, 'faq'))).toBeLessThan(120);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('faq');
    });
  });

  it('360 px phone: a menu button opens the navigation, Escape closes it, links work', async () => {
    await withPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, '/', async (page) => {
      const menu = nav(page).getByRole('button', { name: 'Menu' });
      expect(await menu.isVisible()).toBe(true);
      expect(await nav(page).getByRole('link', { name: 'About' }).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await nav(page).getByRole('link', { name: 'About' }).isVisible()).toBe(true);
      await screenshot(page, 'menu-open-360');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

      await menu.click();
      await nav(page).getByRole('button', { name: 'Home' }).click();
      await nav(page).getByRole('link', { name: 'How It Works' }).click();
      await page.waitForURL(`${server.url}/#how-it-works`);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(Math.abs(await settledTop(page, 'how-it-works'))).toBeLessThan(120);

      await menu.click();
      await nav(page).getByRole('link', { name: 'About' }).click();
      await page.waitForURL(`${server.url}/about`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/mission/);
    });
  });

  it('every interactive target on the home page is at least 24 × 24 px', async () => {
    await withPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, '/', async (page) => {
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a, button, input, select')]
          .filter((el) => el.offsetParent !== null && !el.closest('.hp, .sr-only'))
          .map((el) => ({ el: el.outerHTML.slice(0, 80), r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width < 24 || r.height < 24)
          .map(({ el, r }) => `${el} ${r.width}x${r.height}`),
      );
      // Inline links inside a sentence are exempt (WCAG 2.5.8); list them to check they are only those.
      expect(small.filter((s) => !s.includes('privacy policy'))).toEqual([]);
    });
  });
});
