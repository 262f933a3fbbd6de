import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SignupBody } from '@waitlist/contract';
import { parseEnv, type Env } from '../env';
import type { TestDatabase } from './databases';

export const TEST_PUBLIC_KEY = 'test-public-key-123';

export const apiHeaders = (key = TEST_PUBLIC_KEY): Record<string, string> => ({
  apikey: key,
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
});

export function validSignup(overrides: Partial<SignupBody> = {}): SignupBody {
  return {
    email: `person-${randomUUID()}@example.com`,
    role: 'Head of Innovation / Innovation Director',
    company_size: '1000+ employees',
    desired_outcomes: ['Reuse insights', 'Make innovation efforts more structured'],
    other_outcome: null,
    ...overrides,
  };
}

/** The web build's page renderer: pages rendered per request (the form's answers, the pages behind mail links). */
export const BUILT_RENDERER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'web', 'ssr-dist');

/**
 * Environment of an in-process test app on its own database: the test key, no rate limit, no mail budget (tests of
 * the budget turn it on), no static site, and the
 * web build's real page renderer (`npm test` builds before it tests; a clear error when the build is missing).
 */
export function testEnv(testDb: TestDatabase, overrides: Record<string, string | undefined> = {}): Env {
  if (!overrides.WEB_SSR_DIR && !fs.existsSync(path.join(BUILT_RENDERER_DIR, 'entry-server.js'))) {
    throw new Error(`The server tests render pages with the web build, which is missing (${BUILT_RENDERER_DIR}): run npm run build first`);
  }
  return parseEnv({
    WAITLIST_PUBLIC_KEY: TEST_PUBLIC_KEY,
    SIGNUP_RATE_LIMIT: 'off',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
    DATA_DIR: testDb.dataDir,
    DATABASE_URL: testDb.url,
    WEB_DIST_DIR: path.join(testDb.dataDir, 'no-site'),
    WEB_SSR_DIR: BUILT_RENDERER_DIR,
    ...overrides,
  });
}

/** A rendered page's words as a person reads them: tags gone, entities the renderer writes decoded, spaces collapsed. */
export const pageText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
