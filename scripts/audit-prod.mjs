#!/usr/bin/env node
// `npm run audit:prod`: the shipped dependencies (`npm audit --omit=dev`) must have no high or critical advisory.
// Not part of `npm test`: it needs the registry's advisory endpoint, which this workplace's registry proxy refuses
// (405 to POST /-/npm/v1/security/advisories/bulk). When the audit cannot run, this FAILS: an audit that did not
// run is not a clean audit. Run it wherever the endpoint is reachable (e.g. a scheduled job with internet access).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { stdout, stderr } = await new Promise((resolve) =>
  execFile(
    'npm',
    ['audit', '--omit=dev', '--json'],
    { cwd: root, timeout: 90_000, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, npm_config_audit: 'true' } },
    (_e, out, err) => resolve({ stdout: String(out), stderr: String(err) }),
  ),
);
let report;
try {
  report = JSON.parse(stdout);
} catch {
  console.error(`npm audit produced no report: the supply-chain check was NOT performed.\n${stderr.slice(-2000)}`);
  process.exit(2);
}
if (!report.metadata) {
  console.error(
    `npm audit could not reach the advisory endpoint: the supply-chain check was NOT performed (${report.message ?? report.error?.summary ?? 'no reason given'}).`,
  );
  process.exit(2);
}
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) => v.severity === 'high' || v.severity === 'critical');
const counts = report.metadata.vulnerabilities;
console.log(`npm audit --omit=dev: ${JSON.stringify(counts)} over ${report.metadata.dependencies?.prod ?? '?'} production packages`);
if (serious.length) {
  console.error(`High or critical advisories: ${serious.map(([name, v]) => `${name} (${v.severity})`).join(', ')}`);
  process.exit(1);
}
