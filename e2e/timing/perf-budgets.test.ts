import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, auditPages, budgetBreaches, formatReports, kb, type PageReport } from '../../scripts/perf-lighthouse';
import { startServer, type RunningServer } from '../support/server';

/**
 * The page budgets, enforced by `npm test`: Lighthouse 12 (mobile, simulated throttling) against the built
 * production server. Same code as `npm run perf:pages`; a breach names the page, the figure and the audit.
 * (Lighthouse runs its own Chrome, so this file starts the server itself instead of using the browser fixtures.)
 */
describe('page budgets (Lighthouse, mobile, simulated throttling)', () => {
  let server: RunningServer;
  let reports: PageReport[] = [];

  beforeAll(async () => {
    server = await startServer({ dialect: 'sqlite', env: { LOG_LEVEL: 'warn' } });
    reports = await auditPages(server.url, undefined, (line) => console.log(`[perf-budgets] ${line}`));
    console.log(`[perf-budgets]\n${formatReports(reports)}`);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('audits /, /about, /privacy, /accessibility, /trust and the same pages in Swedish', () => {
    expect(reports.map((r) => r.path)).toEqual([
      '/',
      '/about',
      '/privacy',
      '/accessibility',
      '/trust',
      '/sv',
      '/sv/about',
      '/sv/privacy',
      '/sv/tillganglighet',
      '/sv/trust',
    ]);
    for (const r of reports) expect(r.bytes.document, `${r.path} served no HTML`).toBeGreaterThan(0);
  });

  it(`holds every budget: Performance ≥ ${BUDGETS.performance}, TBT ≤ ${BUDGETS.tbtMs} ms, Accessibility/Best Practices/SEO = 100, CLS = 0, JS ≤ ${kb(BUDGETS.scriptBytes)} per page, / total ≤ ${kb(BUDGETS.home.totalBytes)}`, () => {
    expect(budgetBreaches(reports)).toEqual([]);
  });
});
