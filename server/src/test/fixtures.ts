import { randomUUID } from 'node:crypto';
import path from 'node:path';
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

/** Environment of an in-process test app on its own database: the test key, no rate limit, no built site. */
export function testEnv(testDb: TestDatabase, overrides: Record<string, string | undefined> = {}): Env {
  return parseEnv({
    WAITLIST_PUBLIC_KEY: TEST_PUBLIC_KEY,
    SIGNUP_RATE_LIMIT: 'off',
    DATA_DIR: testDb.dataDir,
    DATABASE_URL: testDb.url,
    WEB_DIST_DIR: path.join(testDb.dataDir, 'no-site'),
    WEB_SSR_DIR: path.join(testDb.dataDir, 'no-renderer'),
    ...overrides,
  });
}
