import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Supply chain, offline part: every shipped package is pinned to the npm registry by a sha512 hash.
 * The advisory check (`npm run audit:prod`, scripts/audit-prod.mjs) needs the registry's advisory endpoint,
 * which this workplace cannot reach, so it is a script of its own and not part of `npm test`.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('supply chain', () => {
  it('the lockfile pins every production package to the npm registry with a sha512 integrity hash', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
      lockfileVersion: number;
      packages: Record<string, { dev?: boolean; link?: boolean; resolved?: string; integrity?: string }>;
    };
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
    const production = Object.entries(lock.packages).filter(([name, p]) => name.startsWith('node_modules/') && !p.dev && !p.link);
    expect(production.length).toBeGreaterThan(20);
    const unpinned = production.filter(([, p]) => !p.integrity?.startsWith('sha512-')).map(([name]) => name);
    const foreign = production
      .filter(([, p]) => p.resolved !== undefined && !p.resolved.startsWith('https://registry.npmjs.org/'))
      .map(([name, p]) => `${name} ← ${p.resolved}`);
    expect(unpinned, 'production packages without a sha512 integrity hash').toEqual([]);
    expect(foreign, 'production packages from outside the npm registry (git, tarball URL, file)').toEqual([]);
  });
});
