#!/usr/bin/env -S npx tsx
/**
 * `npm run perf:pages`: Lighthouse 12 (mobile, simulated throttling) against /, /about, /privacy and /accessibility (and the same in Swedish) served by the
 * built production server on a fresh SQLite database. Prints scores, LCP/TBT/CLS and compressed bytes per type,
 * writes artifacts/perf/pages-<time>.json, exits 1 when a budget (scripts/perf-lighthouse.ts) is breached.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../e2e/support/server';
import { CHROMIUM_PATH } from './chromium';
import { BUDGETS, auditPages, budgetBreaches, formatReports, kb } from './perf-lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const server = await startServer({
  dialect: (process.env.PERF_DIALECT as 'sqlite' | 'postgres' | undefined) ?? 'sqlite',
  env: { LOG_LEVEL: 'warn' },
});
let reports;
try {
  console.log(
    `Lighthouse 12, mobile, simulated throttling, ${CHROMIUM_PATH} — ${server.url} (${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  reports = await auditPages(server.url, undefined, (line) => console.log(line));
} finally {
  await server.stop();
}

console.log(`\n${formatReports(reports)}`);
console.log(
  `\nbudgets: Performance ≥ ${BUDGETS.performance}; TBT ≤ ${BUDGETS.tbtMs} ms; Accessibility, Best Practices, SEO = 100; CLS = 0; JS ≤ ${kb(BUDGETS.scriptBytes)} on each page; / total ≤ ${kb(BUDGETS.home.totalBytes)} (compressed transfer)`,
);
const home = reports.find((r) => r.path === '/');
if (home) {
  console.log(`\nrequests of /:`);
  for (const r of home.requests)
    console.log(`  ${r.resourceType.padEnd(10)} ${kb(r.transferSize).padStart(9)}  ${r.url.replace(server.url, '')}`);
}

const outDir = path.join(root, 'artifacts', 'perf');
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const breaches = budgetBreaches(reports);
fs.writeFileSync(outFile, JSON.stringify({ budgets: BUDGETS, reports, breaches }, null, 2));
console.log(`\nreport: ${path.relative(root, outFile)}`);

if (breaches.length > 0) {
  console.error(`\nBUDGET BREACHED (${breaches.length}):\n${breaches.map((b) => `  - ${b}`).join('\n')}`);
  process.exit(1);
}
console.log('all page budgets hold');
