import type { Page } from 'playwright-core';
import { describe, expect, test } from '../support/fixtures';
import { DESKTOP, PHONE, screenshot } from '../support/browser';

/**
 * The first screen shows the product: beside (on a phone, below) the headline, one innovation case carried from
 * focus area to prioritised concept, drawn in HTML and SVG, in the page's language, readable at 375 px, named for
 * screen readers, and laid out before any script runs, so nothing moves while the page loads.
 */
const FIRST_SCREEN = [
  {
    path: '/',
    label: 'An example of what the platform does, from focus area to prioritised concept',
    steps: ['Focus area', 'Challenge', 'Hypothesis', 'Lean experiment', 'Prioritised concept'],
    shows: ['How might we halve the time', 'AI asks', 'Ready to test', 'Running: day 9 of 14', 'next bet, 1 of 4'],
  },
  {
    path: '/sv',
    label: 'Ett exempel på vad plattformen gör, från fokusområde till prioriterat koncept',
    steps: ['Fokusområde', 'Utmaning', 'Hypotes', 'Lean-experiment', 'Prioriterat koncept'],
    shows: ['Hur skulle vi kunna halvera tiden', 'AI:n frågar', 'Redo att testas', 'Pågår: dag 9 av 14', 'nästa satsning, 1 av 4'],
  },
];

/** Sums the layout shifts of the page from its first paint on (registered before any of the page's own code). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __rects: string[]; __moved: string[] };
    w.__shift = 0;
    w.__rects = [];
    w.__moved = [];
    type Shift = { value: number; hadRecentInput: boolean; startTime: number; sources?: { node?: Element | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        // What moved, so a failure names it (a shift seen only under load is otherwise a guess).
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).split(' ')[0] ?? ''}` : '?';
        });
        w.__moved.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Where the illustration is when the HTML has been parsed, before the page's script has run.
    document.addEventListener('DOMContentLoaded', () => {
      const r = document.querySelector('figure')?.getBoundingClientRect();
      w.__rects.push(r ? [r.x, r.y, r.width, r.height].map(Math.round).join(',') : 'none');
    });
  });
}

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('the first screen at %s px', (width, contextOptions) => {
  test.override('contextOptions', contextOptions);

  test.for(FIRST_SCREEN)(
    '$path: the case from focus area to concept, readable, named, and never moving',
    async (expected, { page, problems, server }) => {
      await recordLayoutShifts(page);
      // A slow phone's processor: the parser yields part-way through the page, where a browser may paint (and did,
      // moving the navigation and the hero when the rest arrived, until the head held the first paint: seo.ts).
      await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto(server.url + expected.path, { waitUntil: 'load' });
      const figure = page.getByRole('figure', { name: expected.label });
      await figure.waitFor({ state: 'visible' });

      // The five stages in order, each with its text, and what the product adds to them.
      const stages = figure.getByRole('listitem');
      expect(await stages.count()).toBe(5);
      for (const [index, step] of expected.steps.entries()) expect(await stages.nth(index).innerText()).toContain(step.toUpperCase());
      const text = await figure.innerText();
      for (const shown of expected.shows) expect(text).toContain(shown);

      // Drawn, not a picture: no raster image, no image file behind any of it.
      expect(await figure.locator('img, picture, image').count()).toBe(0);
      const backgrounds = await figure.evaluate((el) =>
        [el, ...el.querySelectorAll('*')].map((node) => getComputedStyle(node).backgroundImage).filter((bg) => bg.includes('url(')),
      );
      expect(backgrounds).toEqual([]);

      // Readable: nothing smaller than 12 px, nothing wider than the screen.
      const smallest = await figure.evaluate((el) =>
        Math.min(
          ...[...el.querySelectorAll('*')]
            .filter((node) => node.textContent?.trim())
            .map((node) => parseFloat(getComputedStyle(node).fontSize)),
        ),
      );
      expect(smallest).toBeGreaterThanOrEqual(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(Number(width));

      const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      const box = (await figure.boundingBox())!;
      if (width === '1280') {
        // Beside the headline, whole within the first screen.
        expect(box.x).toBeGreaterThan(heading.x + heading.width);
        expect(box.y + box.height).toBeLessThanOrEqual(800);
      } else {
        expect(box.y).toBeGreaterThan(heading.y + heading.height);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }

      // Nothing moved: the figure is where the HTML put it, and the page reported no layout shift.
      await page.waitForTimeout(1_000);
      const { shift, rects, moved } = await page.evaluate(() => {
        const w = window as unknown as { __shift: number; __rects: string[]; __moved: string[] };
        return { shift: w.__shift, rects: w.__rects, moved: w.__moved };
      });
      const now = await figure.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [r.x, r.y + window.scrollY, r.width, r.height].map(Math.round).join(',');
      });
      expect(rects).toEqual([now]);
      expect(shift, `layout shifts: ${moved.join('; ')}`).toBeLessThan(0.001);
      expect(problems.errors).toEqual([]);
      await screenshot(page, `first-screen-${expected.path === '/' ? 'en' : 'sv'}-${width}`);
    },
  );

  test('How It Works is a numbered timeline, set apart from the cards of How We’re Different', async ({ page, server }) => {
    await page.goto(server.url, { waitUntil: 'load' });
    const steps = page.locator('#how-it-works ol > li');
    expect(await steps.count()).toBe(4);
    expect(await steps.allInnerTexts()).toEqual([
      expect.stringMatching(/^1\s+Step 1:\s+Set strategic direction/),
      expect.stringMatching(/^2\s+Step 2:\s+Upload critical knowledge/),
      expect.stringMatching(/^3\s+Step 3:\s+Seed opportunities/),
      expect.stringMatching(/^4\s+Step 4:\s+Prioritize and select/),
    ]);
    const borderOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(await borderOf('#how-it-works ol > li')).toBe('0px');
    expect(await borderOf('section[aria-labelledby="different-heading"] article')).toBe('1px');
  });
});

test('without script the illustration is there, whole, in the prerendered page', async ({ browser, server }) => {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/sv`);
  const figure = page.getByRole('figure', { name: FIRST_SCREEN[1]!.label });
  expect(await figure.getByRole('listitem').count()).toBe(5);
  expect(await figure.isVisible()).toBe(true);
  await context.close();
});
