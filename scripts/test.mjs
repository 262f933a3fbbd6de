#!/usr/bin/env node
// `npm test`: everything CI checks, in the order that fails fastest. A failing step stops the run with its
// own exit code and no Node stack trace, so the output ends with the failing tool's summary (vitest's
// summary line when the tests ran).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, command) => {
  console.log(`\n[test] ${label}: ${command}`);
  const result = spawnSync(command, { cwd: root, stdio: 'inherit', env: process.env, shell: true });
  const code = result.status ?? 1;
  if (code !== 0) process.exit(code);
};

run('browser', 'bash scripts/ensure-chromium.sh');
run('redis', 'bash scripts/ensure-redis.sh');
run('caddy', 'bash scripts/ensure-caddy.sh');
run('postgres', 'node scripts/check-postgres.mjs');
run('typecheck', 'npm run typecheck');
run('lint', 'npm run lint');
run('build', 'npm run build');
run('tests', `npx vitest run ${process.argv.slice(2).join(' ')}`.trim());
