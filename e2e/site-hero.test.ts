import { describe, expect, test } from './support/fixtures';

// The words in order, 80 ms per typed letter, 1500 ms hold, 50 ms per deleted letter.
const WORDS = [
  'Transparent',
  'Systematic',
  'Engaging',
  'Collaborative',
  'Reflective',
  'Strategic',
  'Democratized',
  'Structured',
  'Inspectable',
  'Visible',
  'Manageable',
  'Insight-driven',
];

interface Sample {
  t: number;
  text: string;
  width: number;
  top: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('hero word', () => {
  test('types, holds and deletes every word in order at 80/1500/50 ms, without moving anything', async ({ page, problems, server }) => {
    // The page's clock is Playwright's, so a whole cycle (about 36 s of real time) plays in a moment; every
    // timer still fires one at a time, in order, with the page's time advanced to when it is due.
    await page.clock.install();
    await page.goto(server.url, { waitUntil: 'networkidle' });
    // Record every text change of the animated word with a timestamp, plus the box and the next element.
    await page.evaluate(() => {
      const word = document.querySelector('[data-testid="hero-word"]')!;
      const box = word.parentElement!;
      const lead = document.querySelector('.hero-lead')!;
      const samples: Sample[] = [];
      (window as unknown as { __samples: Sample[] }).__samples = samples;
      new MutationObserver(() =>
        samples.push({
          t: performance.now(),
          text: word.textContent ?? '',
          width: box.getBoundingClientRect().width,
          top: lead.getBoundingClientRect().top,
        }),
      ).observe(word, { childList: true, characterData: true, subtree: true });
    });
    // Until every word has appeared once (about 36 s at these timings) and the cycle restarts with the first.
    const cycleDone = (first: string) => (window as unknown as { __samples: Sample[] }).__samples.some((x, i) => i > 0 && x.text === first);
    for (let second = 0; !(await page.evaluate(cycleDone, WORDS[0]!)); second++) {
      expect(second, 'seconds of page time before the first word came back').toBeLessThan(60);
      await page.clock.runFor(1_000);
    }
    const samples = await page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);

    // Words that were typed out completely, in order: the page starts on the first word, so the cycle is
    // the 11 others and then the first again.
    const fullWords = samples.filter((s) => WORDS.includes(s.text)).map((s) => s.text);
    const distinct = fullWords.filter((w, i) => w !== fullWords[i - 1]);
    expect(distinct).toEqual([...WORDS.slice(1), WORDS[0]]);
    // Every intermediate text is a prefix of the word being typed or deleted.
    for (const s of samples) expect(WORDS.some((w) => w.startsWith(s.text))).toBe(true);

    const typing: number[] = [];
    const deleting: number[] = [];
    const holds: number[] = [];
    for (let i = 1; i < samples.length; i++) {
      const [a, b] = [samples[i - 1]!, samples[i]!];
      const dt = b.t - a.t;
      if (b.text.length === a.text.length + 1 && b.text.startsWith(a.text)) typing.push(dt);
      else if (b.text.length === a.text.length - 1 && a.text.startsWith(b.text)) {
        if (WORDS.includes(a.text)) holds.push(dt);
        else deleting.push(dt);
      }
    }
    expect(median(typing)).toBeGreaterThan(70);
    expect(median(typing)).toBeLessThan(100);
    expect(median(deleting)).toBeGreaterThan(40);
    expect(median(deleting)).toBeLessThan(70);
    expect(holds.length).toBeGreaterThanOrEqual(11);
    for (const hold of holds) {
      expect(hold).toBeGreaterThan(1450);
      expect(hold).toBeLessThan(1700);
    }

    // Reserved width: the box and the content after it never move.
    expect(new Set(samples.map((s) => Math.round(s.width))).size).toBe(1);
    expect(new Set(samples.map((s) => Math.round(s.top))).size).toBe(1);
    expect(problems.errors).toEqual([]);
  });

  test('is read as one sentence by screen readers, not letter by letter', async ({ page, server }) => {
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const heading = page.getByRole('heading', { level: 1 });
    const snapshot = await heading.ariaSnapshot();
    expect(snapshot).toContain('Make innovation management transparent, systematic, engaging');
    expect(await page.locator('[data-testid="hero-word"]').evaluate((el) => !!el.closest('[aria-hidden="true"]'))).toBe(true);
  });

  describe('under prefers-reduced-motion', () => {
    test.override('contextOptions', { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

    test('shows one static word', async ({ page, server }) => {
      await page.goto(server.url, { waitUntil: 'networkidle' });
      const word = page.locator('[data-testid="hero-word"]');
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        seen.add((await word.textContent()) ?? '');
        await page.waitForTimeout(250);
      }
      expect([...seen]).toEqual([WORDS[0]]);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    });
  });

  test('shows the first word with no script at all, and scrolls smoothly to anchors by CSS alone', async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      expect(await page.locator('[data-testid="hero-word"]').textContent()).toBe(WORDS[0]);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    } finally {
      await context.close();
    }
  });
});
