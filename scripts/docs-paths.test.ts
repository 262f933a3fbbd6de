import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files (the test that keeps a promise, the module that holds a rule). A rename that forgets the docs
 * leaves a reader looking for a file that is not there: every path the README and docs/ name must exist. Decision
 * records are history and keep the names of their day.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const PATH = /\b(?:server|web|e2e|scripts|contract|catalogue)\/[A-Za-z0-9_./-]+\.(?:tsx?|mjs|js|sh|md)\b/g;

describe('the paths the docs name', () => {
  it.each(DOCS)('%s names only files that exist', (doc) => {
    const text = fs.readFileSync(path.join(root, doc), 'utf8');
    const missing = [...new Set(text.match(PATH) ?? [])].filter((p) => !fs.existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });
});
