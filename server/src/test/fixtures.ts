import { randomUUID } from 'node:crypto';
import type { SignupBody } from '@waitlist/contract';

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
