import { ADMIN_SESSION_COOKIE, type OperatorRole, type SignupBody } from '@waitlist/contract';
import type { App } from '../../app';
import { createOperatorAccounts } from '../../db/stores/operator-accounts';
import { validSignup } from '../../test/fixtures';
import { hashPassword } from '../../lib/passwords';

export const OPERATOR_PASSWORD = 'a long operator passphrase';

/** Settings of an admin test app: the per-IP sign-in limit off unless a test turns it on. */
export const ADMIN_TEST_ENV = { ADMIN_SIGNIN_RATE_LIMIT: 'off' };

export async function addOperator(app: App, email: string, password = OPERATOR_PASSWORD, role: OperatorRole = 'owner') {
  return createOperatorAccounts(app.database).add(email, await hashPassword(password), role);
}

/** Signs in through the API and answers the Cookie header to send afterwards. */
export async function signIn(app: App, email: string, password = OPERATOR_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${ADMIN_SESSION_COOKIE}=${cookie.value}`;
}

/** Stores a sign-up through the public path, then dates it (tests of date filters and sorting). */
export async function seedSignup(app: App, overrides: Partial<SignupBody> = {}, createdAt?: string) {
  const body = validSignup(overrides);
  await app.services.signups.signUp(body);
  if (createdAt)
    await app.database.db.updateTable('waitlist_signups').set({ created_at: createdAt }).where('email', '=', body.email).execute();
  const row = await app.database.db.selectFrom('waitlist_signups').select('id').where('email', '=', body.email).executeTakeFirstOrThrow();
  return { ...body, id: Number(row.id) };
}

/**
 * The console's API as the operator whose Cookie header `cookie()` answers (read at each call: suites sign in in
 * a hook), from the console's own origin: `admin('POST', '/campaigns', body)`.
 */
export const adminClient = (app: () => App, cookie: () => string) => (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app().inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie: cookie(), origin: 'http://localhost:80', host: 'localhost:80' },
    ...(payload ? { payload: payload as object } : {}),
  });
