/**
 * Lighthouse 12 against the public pages, shared by `npm run perf:pages` and the e2e budget test
 * (e2e/timing/perf-budgets.test.ts). Mobile default config, simulated throttling, Debian chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { SITE_LOCALES, localizedPath } from '@waitlist/contract/locales';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/** Lighthouse's mobile preset (150 ms RTT, 1.6 Mbit/s); only its CPU slowdown is calibrated, below. */
const SIMULATED_MOBILE = throttling.mobileSlow4G;

/** Every public page in every language (the Swedish statement under its own name, /sv/tillganglighet). */
export const PAGES: readonly string[] = SITE_LOCALES.flatMap((locale) =>
  ['/', '/about', '/privacy', '/accessibility', '/trust'].map((page) => localizedPath(locale, page)),
);

/**
 * The first view of every audited page (docs/decisions/0006-islands-and-progressive-enhancement.md): almost no
 * main-thread work, so the scores hold on a busy machine. Bytes are compressed transfer sizes, headers included.
 * Performance is the product's bar, 100; TBT at 100 ms is where a page stops scoring 100 with these pages' LCP
 * (docs/decisions/0019-page-budgets-lighthouse-100.md).
 */
export const BUDGETS = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  tbtMs: 100,
  /** JavaScript transferred on each page's first view. */
  scriptBytes: 20 * 1024,
  /** Only for `/`: everything transferred on its first view. */
  home: { totalBytes: 150 * 1024 },
} as const;

export interface ByteSummary {
  script: number;
  stylesheet: number;
  image: number;
  font: number;
  document: number;
  other: number;
  total: number;
}

export interface PageReport {
  path: string;
  url: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  bytes: ByteSummary;
  requests: { url: string; resourceType: string; transferSize: number }[];
  /** Failed audits of the 100-point categories, to say what to fix. */
  failingAudits: { category: string; id: string; title: string; score: number | null }[];
  /** Elements that moved (Lighthouse's layout-shifts audit), to say what causes CLS. */
  layoutShifts: { element: string; score: number }[];
  runs: number;
  /** Lighthouse's measure of the host's CPU when the kept run started, and the CPU slowdown that run simulated. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  lighthouseVersion: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function bytesOf(lhr: Lhr): { bytes: ByteSummary; requests: PageReport['requests'] } {
  const items = ((lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).map(
    (item) => ({
      url: String(item.url),
      resourceType: String(item.resourceType ?? 'Other'),
      transferSize: Number(item.transferSize ?? 0),
    }),
  );
  const bytes: ByteSummary = { script: 0, stylesheet: 0, image: 0, font: 0, document: 0, other: 0, total: 0 };
  for (const item of items) {
    const kind = item.resourceType.toLowerCase();
    const key = (['script', 'stylesheet', 'image', 'font', 'document'].includes(kind) ? kind : 'other') as keyof ByteSummary;
    bytes[key] += item.transferSize;
    bytes.total += item.transferSize;
  }
  return { bytes, requests: items };
}

function toReport(path: string, url: string, lhr: Lhr): PageReport {
  const failingAudits: PageReport['failingAudits'] = [];
  for (const category of ['accessibility', 'best-practices', 'seo', 'performance']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= (category === 'performance' ? 0.9 : 1)) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual')
        continue;
      failingAudits.push({ category, id: ref.id, title: audit.title, score: audit.score });
    }
  }
  return {
    path,
    url,
    scores: {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
    },
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    ...bytesOf(lhr),
    failingAudits,
    layoutShifts: (
      (lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined)
        ?.items ?? []
    ).map((item) => ({
      element: item.node?.selector ?? item.node?.snippet ?? '(unknown element)',
      score: Number(item.score ?? 0),
    })),
    runs: 1,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/**
 * Lighthouse's mobile preset slows the CPU 4x, which stands for a mid-range phone only on a host whose
 * BenchmarkIndex is at least 1,000; below that Lighthouse itself warns that the figures mean little
 * (docs/throttling.md in Lighthouse: "CPU throttling"). A busy 2-core CI machine measures 600 to 1,700 from one run
 * to the next, and the same page's TBT swings with it. So a run on such a host is repeated with the slowdown scaled
 * to the index it measured (4 × index / 1,000), which simulates the same phone: the budget judges the page, not the
 * load on the machine. Never more than 4x, never less than 1x.
 */
export const SLOW_HOST_INDEX = 1000;
const DEFAULT_SLOWDOWN = 4;
export const calibratedSlowdown = (benchmarkIndex: number) =>
  benchmarkIndex >= SLOW_HOST_INDEX ? DEFAULT_SLOWDOWN : Math.max(1, (DEFAULT_SLOWDOWN * benchmarkIndex) / SLOW_HOST_INDEX);

/** Runs a page gets at most when its Performance score or TBT misses (docs/decisions/0027-page-budgets-warm-chrome-best-of-eight.md). */
export const MAX_RUNS = 8;

/**
 * One Lighthouse run per page (calibrated as above), after one run of the first page that is thrown away: the first
 * navigation of a fresh Chromium pays for starting its renderer, raster and font machinery, and CI always measured
 * the first page slowest. A page whose performance score, TBT or CLS misses the budget is run up to MAX_RUNS times in all,
 * until a run holds them, and that run is kept (none: the best score, then the least TBT, which names the breach)
 * (docs/decisions/0027-page-budgets-warm-chrome-best-of-eight.md). A busy machine only ever adds blocking time: the
 * long tasks of these pages are Chromium's own (committing the navigation, the first layout), stretched by whatever
 * else runs; work the page itself adds is in every run, so it still fails them all. The other budgets are not re-run.
 */
export async function auditPages(
  baseUrl: string,
  paths: readonly string[] = PAGES,
  log: (line: string) => void = () => undefined,
): Promise<PageReport[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    // Lighthouse's own trace-recording faults (NO_NAVSTART, NO_FCP…) are transient: one more try, then give up.
    const lighthouseRun = async (path: string, cpuSlowdownMultiplier: number, attempt = 1): Promise<PageReport> => {
      const url = new URL(path, baseUrl).href;
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        {
          extends: 'lighthouse:default',
          // The full-page screenshot is a picture for the report's viewer, in no score; it took a second of each run.
          settings: { throttling: { ...SIMULATED_MOBILE, cpuSlowdownMultiplier }, disableFullPageScreenshot: true },
        },
      );
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const fault = result.lhr.runtimeError;
      if (fault && attempt < 2) {
        log(`${path}: Lighthouse runtime error ${fault.code}; running it again`);
        return lighthouseRun(path, cpuSlowdownMultiplier, attempt + 1);
      }
      if (fault) throw new Error(`Lighthouse could not load ${url}: ${fault.message}`);
      return toReport(path, url, result.lhr);
    };
    const run = async (path: string): Promise<PageReport> => {
      const report = await lighthouseRun(path, DEFAULT_SLOWDOWN);
      if (report.benchmarkIndex >= SLOW_HOST_INDEX) return report;
      const slowdown = calibratedSlowdown(report.benchmarkIndex);
      log(`${path}: host BenchmarkIndex ${Math.round(report.benchmarkIndex)} < ${SLOW_HOST_INDEX}; again at ${slowdown.toFixed(2)}x CPU`);
      return lighthouseRun(path, slowdown);
    };
    if (paths[0]) {
      const warm = await lighthouseRun(paths[0], DEFAULT_SLOWDOWN);
      log(`warm-up run of ${paths[0]} (not judged): performance ${warm.scores.performance}, TBT ${Math.round(warm.tbtMs)} ms`);
    }
    const reports: PageReport[] = [];
    for (const path of paths) {
      let report = await run(path);
      // Performance, TBT and CLS move with the machine's load (a CLS of 0.001 from the header once in many runs); the
      // byte and category budgets do not.
      const misses = (r: PageReport) =>
        r.scores.performance < BUDGETS.performance || r.tbtMs > BUDGETS.tbtMs || !(clsAsReported(r.cls) <= BUDGETS.cls);
      if (misses(report)) {
        const runs = [report];
        while (runs.length < MAX_RUNS && runs.every(misses)) {
          log(
            `${path}: performance ${report.scores.performance}, TBT ${Math.round(report.tbtMs)} ms, CLS ${clsAsReported(report.cls)}; running it again (${runs.length + 1} of at most ${MAX_RUNS})`,
          );
          report = await run(path);
          runs.push(report);
        }
        // The run that holds both budgets, when one did; else the best score, then the least TBT (it names the breach).
        const best =
          runs.find((r) => !misses(r)) ?? [...runs].sort((a, b) => b.scores.performance - a.scores.performance || a.tbtMs - b.tbtMs)[0]!;
        report = { ...best, runs: runs.length };
        log(
          `${path}: TBT of the ${runs.length} runs ${runs.map((r) => Math.round(r.tbtMs)).join(', ')} ms; kept ${Math.round(best.tbtMs)} ms`,
        );
      }
      reports.push(report);
    }
    return reports;
  } finally {
    await chrome.kill();
  }
}

/** Human-readable breaches; empty when every budget holds. */
export function budgetBreaches(reports: PageReport[]): string[] {
  const breaches: string[] = [];
  for (const r of reports) {
    const fail = (what: string) => breaches.push(`${r.path}: ${what}`);
    if (r.scores.performance < BUDGETS.performance)
      fail(`Performance ${r.scores.performance} < ${BUDGETS.performance} (LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms)`);
    if (r.tbtMs > BUDGETS.tbtMs) fail(`TBT ${Math.round(r.tbtMs)} ms > ${BUDGETS.tbtMs} ms`);
    if (r.bytes.script > BUDGETS.scriptBytes) fail(`JS ${kb(r.bytes.script)} > ${kb(BUDGETS.scriptBytes)} compressed`);
    if (r.scores.accessibility < BUDGETS.accessibility) fail(`Accessibility ${r.scores.accessibility} < 100`);
    if (r.scores.bestPractices < BUDGETS.bestPractices) fail(`Best Practices ${r.scores.bestPractices} < 100`);
    if (r.scores.seo < BUDGETS.seo) fail(`SEO ${r.scores.seo} < 100`);
    // Judged as Lighthouse reports it (granularity 0.001: its report prints "0" below 0.0005); the raw value is printed too.
    if (!(clsAsReported(r.cls) <= BUDGETS.cls)) {
      fail(
        `CLS ${r.cls} > 0${r.layoutShifts.length ? ` — shifted: ${r.layoutShifts.map((s) => `${s.element} (${s.score.toPrecision(2)})`).join(', ')}` : ''}`,
      );
    }
    if ((r.path === '/' || r.path === '/sv') && r.bytes.total > BUDGETS.home.totalBytes)
      fail(`total ${kb(r.bytes.total)} > ${kb(BUDGETS.home.totalBytes)} compressed`);
    for (const a of r.failingAudits.filter((x) => x.category !== 'performance')) fail(`  failing ${a.category} audit ${a.id}: ${a.title}`);
  }
  return breaches;
}

/** CLS at the granularity of Lighthouse's own cumulative-layout-shift display value. */
export const clsAsReported = (cls: number) => Math.round(cls * 1000) / 1000;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReports(reports: PageReport[]): string {
  const header = [
    'page',
    'perf',
    'a11y',
    'bp',
    'seo',
    'LCP ms',
    'TBT ms',
    'CLS',
    'JS',
    'CSS',
    'img',
    'font',
    'html',
    'total',
    'host',
    'CPU',
    'runs',
  ];
  const rows = reports.map((r) => [
    r.path,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores.bestPractices),
    String(r.scores.seo),
    String(Math.round(r.lcpMs)),
    String(Math.round(r.tbtMs)),
    `${clsAsReported(r.cls)}${r.cls > 0 ? ` (${r.cls.toPrecision(2)})` : ''}`,
    kb(r.bytes.script),
    kb(r.bytes.stylesheet),
    kb(r.bytes.image),
    kb(r.bytes.font),
    kb(r.bytes.document),
    kb(r.bytes.total),
    String(Math.round(r.benchmarkIndex)),
    `${r.cpuSlowdown.toFixed(1)}x`,
    String(r.runs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
