#!/usr/bin/env node
// `npm test`: everything CI checks, in the order that fails fastest. A failing step stops the run with its
// own exit code and no Node stack trace, so the output ends with the failing tool's summary (vitest's
// summary line when the tests ran).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, command) => {
  console.log(`\n[test] ${label}: ${command}`);
  const result = spawnSync(command, { cwd: root, stdio: 'inherit', env: process.env, shell: true });
  const code = result.status ?? 1;
  if (code !== 0) process.exit(code);
};

/**
 * Steps that read the sources and write nothing the others read, at the same time (on 2 cores the three took 77 s one
 * after another). Each one's output is printed whole when it ends, in the order given; the first that failed decides
 * the exit code.
 */
const runTogether = async (steps) => {
  const results = await Promise.all(
    steps.map(
      ([label, command]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' }, shell: true });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => resolve({ label, command, output, code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const { label, command, output, seconds } of results) {
    console.log(`\n[test] ${label}: ${command} (${seconds.toFixed(0)} s, alongside the others)`);
    process.stdout.write(output);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.log(`\n[test] ${failed.label} failed`);
    process.exit(failed.code);
  }
};

run('browser', 'bash scripts/ensure-chromium.sh');
run('redis', 'bash scripts/ensure-redis.sh');
run('caddy', 'bash scripts/ensure-caddy.sh');
run('systemd-analyze', 'bash scripts/ensure-systemd-analyze.sh');
run('postgres', 'node scripts/check-postgres.mjs');
await runTogether([
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['build', 'npm run build'],
]);
run('tests', `npx vitest run ${process.argv.slice(2).join(' ')}`.trim());
