import type { Page } from 'playwright-core';
import { describe, expect, test } from './support/fixtures';
import type { PageProblems } from './support/browser';
import { screenshot } from './support/browser';

/** Top of the element relative to the viewport, once smooth scrolling has settled. */
/**
 * Waits for what a person sees: section `id` arrives just below the sticky header (0 to 120 px from the top) and stays
 * there. Waiting for the position to stop changing was not enough: on a busy machine the smooth scroll can start after
 * two equal reads of the old position.
 */
async function expectArrivedAtTop(page: Page, id: string): Promise<number> {
  await page.locator(`[id="${id}"]`).waitFor({ state: 'attached' });
  const top = () => page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
  await expect.poll(async () => Math.abs(await top()), { timeout: 10_000 }).toBeLessThan(120);
  // Arrived, not passing through: once it stops moving, it is still there.
  let [previous, now] = [Number.NaN, await top()];
  for (let i = 0; i < 40 && Math.abs(now - previous) >= 1; i++) {
    await page.waitForTimeout(100);
    [previous, now] = [now, await top()];
  }
  expect(Math.abs(now)).toBeLessThan(120);
  return now;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens `path` once everything it loads has loaded, runs `check`, then expects a clean console. */
async function visit(page: Page, problems: PageProblems, url: string, check: () => Promise<void>) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await check();
  expect(problems.errors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
}

describe('navigation', () => {
  test.for([
    ['Solution', 'solution'],
    ['How It Works', 'how-it-works'],
    ['FAQ', 'faq'],
  ])('Home ▸ %s scrolls to #%s, also from another page', async ([label, anchor], { page, problems, server }) => {
    await visit(page, problems, `${server.url}/about`, async () => {
      await nav(page).getByRole('button', { name: 'Home' }).click();
      await nav(page).getByRole('link', { name: label }).click();
      await page.waitForURL(`${server.url}/#${anchor}`);
      expect(await expectArrivedAtTop(page, anchor!)).toBeGreaterThanOrEqual(0); // just below the sticky header
      expect(await nav(page).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      expect(await nav(page).getByRole('button', { name: 'Home' }).getAttribute('aria-expanded')).toBe('false');
    });
  });

  test('Home ▸ Privacy Policy goes to /privacy; the current page is underlined with aria-current; a new page starts at the top', async ({
    page,
    problems,
    server,
  }) => {
    await visit(page, problems, server.url, async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      await nav(page).getByRole('button', { name: 'Home' }).click();
      await nav(page).getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL(`${server.url}/privacy`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.title()).toContain('Privacy Policy');

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await nav(page).getByRole('link', { name: 'About' }).click();
      await page.waitForURL(`${server.url}/about`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const about = nav(page).getByRole('link', { name: 'About' });
      expect(await about.getAttribute('aria-current')).toBe('page');
      expect(await about.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
      expect(await nav(page).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
      expect(await page.title()).toContain('About');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('http://localhost:3000/about');
    });
  });

  test("'Sign up' and the hero button scroll to the sign-up form", async ({ page, problems, server }) => {
    await visit(page, problems, server.url, async () => {
      await nav(page).getByRole('link', { name: 'Sign up' }).click();
      await page.waitForURL(`${server.url}/#signup-form`);
      await expectArrivedAtTop(page, 'signup-form');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByRole('link', { name: 'Sign-up for waitlist' }).click();
      await expectArrivedAtTop(page, 'signup-form');
    });
  });

  test('FAQ: four questions, one open at a time, collapsible, with no script at all', async ({ browser, server }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      const faq = page.locator('#faq');
      const questions = faq.locator('summary');
      expect(await questions.count()).toBe(4);
      const open = () => faq.locator('details[open]').count();
      const answer = (n: number) => faq.locator('details').nth(n).locator('.accordion-panel');
      const [first, second] = [questions.nth(0), questions.nth(1)];
      expect(await open()).toBe(0);
      await first.click();
      expect(await answer(0).isVisible()).toBe(true);
      expect(await open()).toBe(1);
      await second.click();
      expect(await answer(0).isVisible()).toBe(false);
      expect(await answer(1).isVisible()).toBe(true);
      expect(await open()).toBe(1);
      await second.click();
      expect(await open()).toBe(0);
      // By keyboard too: a summary is focusable and toggles with Enter.
      await first.focus();
      await page.keyboard.press('Enter');
      expect(await answer(0).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('keyboard only: skip link, Home dropdown with arrows and Escape, focus visible', async ({ page, problems, server }) => {
    await visit(page, problems, server.url, async () => {
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
      await expectArrivedAtTop(page, 'faq');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('faq');
      expect(await home.getAttribute('aria-expanded')).toBe('false');
    });
  });

  describe('on a 360 px phone', () => {
    test.override('contextOptions', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

    test('a menu button opens the navigation, Escape closes it, links work', async ({ page, problems, server }) => {
      await visit(page, problems, server.url, async () => {
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
        await expectArrivedAtTop(page, 'how-it-works');

        await menu.click();
        await nav(page).getByRole('link', { name: 'About' }).click();
        await page.waitForURL(`${server.url}/about`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/mission/);
      });
    });

    test('the menu opens and its links work with no script at all', async ({ browser, server }) => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        await page.goto(server.url);
        await nav(page).getByRole('button', { name: 'Menu' }).click();
        await nav(page).getByRole('button', { name: 'Home' }).click();
        await nav(page).getByRole('link', { name: 'Privacy Policy' }).click();
        await page.waitForURL(`${server.url}/privacy`);
        await nav(page).getByRole('button', { name: 'Menu' }).click();
        await nav(page).getByRole('link', { name: 'About' }).click();
        await page.waitForURL(`${server.url}/about`);
      } finally {
        await context.close();
      }
    });

    test('every interactive target on the home page is at least 24 × 24 px', async ({ page, server }) => {
      await page.goto(server.url, { waitUntil: 'networkidle' });
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a, button, input, select, summary')]
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
