import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files (the test that keeps a promise, the module that holds a rule). A rename that forgets the docs
 * leaves a reader looking for a file that is not there: every path the README and docs/ name must exist, whatever
 * folder it starts from (issue 50: all of them, not only some prefixes). Decision records are history and keep the
 * names of their day.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** A file a doc names: folders and a name with a source or doc extension (globs, URLs and ellipses are not paths). */
const PATH = /(?<![\w/:.…*-])(?:[A-Za-z0-9_.-]+\/)+[A-Za-z0-9_.-]+\.(?:tsx?|mjs|js|sh|md|json|ya?ml)(?![\w*…/])/g;
/**
 * Where a path may start: the repository, or (as the docs write them) inside a workspace's source, so
 * `services/crm.ts` is server/src/services/crm.ts and `pages/crm/crm-page.tsx` the console's.
 */
const BASES = [
  '',
  'server/src',
  'server/src/db',
  'server',
  'web/src',
  'web/src/features/admin',
  'web',
  'contract/src',
  'catalogue/src',
  'e2e',
  'docs',
];
/** Files a doc names that are made, not kept: build output (hashed assets), reports, a measurement's files. */
const MADE = /^(?:artifacts|assets|dist|data|node_modules|\/tmp|tmp)\/|\/(?:dist|ssr-dist|node_modules)\//;

describe('the paths the docs name', () => {
  it.each(DOCS)('%s names only files that exist', (doc) => {
    const text = fs.readFileSync(path.join(root, doc), 'utf8');
    const named = [...new Set(text.match(PATH) ?? [])].filter((p) => !MADE.test(p));
    const missing = named.filter((p) => !BASES.some((base) => fs.existsSync(path.join(root, base, p))));
    expect(missing).toEqual([]);
  });
});
