#!/usr/bin/env node
// Builds whatever is missing (web, server or both) so `npm start` works on a fresh clone with nothing set.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = {
  web: [path.join(root, 'web', 'dist', 'index.html'), path.join(root, 'web', 'ssr-dist', 'entry-server.js')],
  server: ['server.js', 'migrate.js', 'admin-cli.js', 'backup-cli.js', 'restore-cli.js'].map((f) => path.join(root, 'server', 'dist', f)),
};

export function ensureBuilt(names = Object.keys(targets)) {
  for (const name of names) {
    if (!targets[name].every((file) => existsSync(file))) {
      console.log(`[build] ${name} is not built yet: building it now`);
      execSync(`npm run build -w ${name}`, { cwd: root, stdio: 'inherit' });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuilt(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
