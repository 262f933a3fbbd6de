#!/usr/bin/env node
// `npm test`: everything CI checks, in the order that fails fastest; ends with vitest's own summary line.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, command) => {
  console.log(`\n[test] ${label}: ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit', env: process.env });
};

run('browser', 'bash scripts/ensure-chromium.sh');
run('postgres', 'node scripts/check-postgres.mjs');
run('typecheck', 'npm run typecheck');
run('lint', 'npm run lint');
run('build', 'npm run build');
run('tests', `npx vitest run ${process.argv.slice(2).join(' ')}`.trim());
