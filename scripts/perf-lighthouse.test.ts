import { describe, expect, it } from 'vitest';
import { budgetBreaches, calibratedSlowdown, type PageReport } from './perf-lighthouse';

const page = (path: string, overrides: Partial<PageReport> = {}): PageReport => ({
  path,
  url: `http://127.0.0.1${path}`,
  scores: { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 },
  lcpMs: 1200,
  tbtMs: 0,
  cls: 0,
  fcpMs: 900,
  bytes: { script: 2 * 1024, stylesheet: 4 * 1024, image: 0, font: 0, document: 5 * 1024, other: 1024, total: 12 * 1024 },
  requests: [],
  failingAudits: [],
  layoutShifts: [],
  runs: 1,
  benchmarkIndex: 1400,
  cpuSlowdown: 4,
  lighthouseVersion: '12.8.2',
  ...overrides,
});

describe('CPU slowdown calibrated to the host', () => {
  it("keeps Lighthouse's 4x on a host it deems fast enough, and scales it down in proportion on a slower one", () => {
    expect(calibratedSlowdown(1000)).toBe(4);
    expect(calibratedSlowdown(2400)).toBe(4);
    expect(calibratedSlowdown(750)).toBe(3);
    expect(calibratedSlowdown(500)).toBe(2);
    expect(calibratedSlowdown(100)).toBe(1);
  });
});

describe('page budget checks', () => {
  it('pass pages within every budget', () => {
    expect(
      budgetBreaches([
        page('/', { tbtMs: 100, bytes: { script: 20 * 1024, stylesheet: 0, image: 0, font: 0, document: 0, other: 0, total: 150 * 1024 } }),
        page('/about'),
      ]),
    ).toEqual([]);
  });

  it('name each breached budget and the page', () => {
    const breaches = budgetBreaches([
      page('/', { bytes: { script: 21 * 1024, stylesheet: 0, image: 130 * 1024, font: 0, document: 0, other: 0, total: 151 * 1024 } }),
      page('/about', { scores: { performance: 99, accessibility: 99, bestPractices: 96, seo: 92 }, tbtMs: 101, cls: 0.0006 }),
    ]);
    expect(breaches).toEqual([
      '/: JS 21.0 KB > 20.0 KB compressed',
      '/: total 151.0 KB > 150.0 KB compressed',
      '/about: Performance 99 < 100 (LCP 1200 ms, TBT 101 ms)',
      '/about: TBT 101 ms > 100 ms',
      '/about: Accessibility 99 < 100',
      '/about: Best Practices 96 < 100',
      '/about: SEO 92 < 100',
      '/about: CLS 0.0006 > 0',
    ]);
  });

  it('applies the JS budget to every page and the total to / only, and judges CLS as Lighthouse reports it (0.001 granularity)', () => {
    const heavy = { script: 20 * 1024, stylesheet: 0, image: 300 * 1024, font: 0, document: 0, other: 0, total: 320 * 1024 };
    expect(budgetBreaches([page('/about', { bytes: heavy }), page('/', { cls: 0.0004 })])).toEqual([]);
    expect(budgetBreaches([page('/privacy', { bytes: { ...heavy, script: 25 * 1024 } })])).toEqual([
      '/privacy: JS 25.0 KB > 20.0 KB compressed',
    ]);
  });
});
