import { ADMIN_SESSION_COOKIE, type OperatorRole, type SignupBody } from '@waitlist/contract';
import type { App } from '../app';
import { backdateSignups } from './back-date';
import { useTestApp } from './app';
import type { DialectName } from '../db/connection';
import { validSignup } from './fixtures';
import { useTestSmtp } from './smtp';

export const OPERATOR_PASSWORD = 'a long operator passphrase';

/** Settings of an admin test app: the per-IP sign-in limit off unless a test turns it on. */
export const ADMIN_TEST_ENV = { ADMIN_SIGNIN_RATE_LIMIT: 'off' };

/**
 * In a describe block: the app with the console's test settings (and `more`) and a real SMTP server its outbox delivers
 * to within a tenth of a second, for tests that read the mail a person or an operator gets.
 */
export function useConsoleAppWithMail(dialect: DialectName, more: Record<string, string> = {}) {
  const smtp = useTestSmtp();
  const suite = useTestApp(dialect, () => ({ ...ADMIN_TEST_ENV, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', ...more }));
  return { smtp, suite };
}

/**
 * An operator made the one way there is without an invitation: the team service the command line calls
 * (`npm run admin -- add`), audited as the CLI's.
 */
export async function addOperator(app: App, email: string, password = OPERATOR_PASSWORD, role: OperatorRole = 'owner') {
  return app.services.team.add('cli', email, password, role);
}

/** Signs in through the API and answers the Cookie header to send afterwards. */
export async function signIn(app: App, email: string, password = OPERATOR_PASSWORD, factor: { totp?: string } = {}): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password, ...factor } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${ADMIN_SESSION_COOKIE}=${cookie.value}`;
}

/** Stores a sign-up through the public path, then dates it (tests of date filters and sorting). */
export async function seedSignup(app: App, overrides: Partial<SignupBody> = {}, createdAt?: string) {
  const body = validSignup(overrides);
  await app.services.signups.signUp(body);
  if (createdAt) await backdateSignups(app.database, [[body.email, createdAt]]);
  const row = await app.database.db.selectFrom('waitlist_signups').select('id').where('email', '=', body.email).executeTakeFirstOrThrow();
  return { ...body, id: Number(row.id) };
}

/**
 * The console's API as the operator whose Cookie header `cookie()` answers (read at each call: suites sign in in
 * a hook), from the console's own origin: `admin('POST', '/campaigns', body)`.
 */
export const adminClient =
  (app: () => App, cookie: () => string) => (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({
      method,
      url: `/api/admin${url}`,
      headers: { cookie: cookie(), origin: 'http://localhost:80', host: 'localhost:80' },
      ...(payload ? { payload: payload as object } : {}),
    });

/** The audit trail's entries (oldest first), `action` alone when given: what a test expects a use case to record. */
export async function auditEntries(app: App, action?: string) {
  let query = app.database.db.selectFrom('audit_trail').select(['action', 'outcome', 'operator_id', 'target', 'detail']).orderBy('id');
  if (action) query = query.where('action', '=', action);
  return query.execute();
}

/** The mails queued with `topic` (oldest first). */
export async function queuedMail(app: App, topic: string) {
  const rows = await app.database.db
    .selectFrom('outbox')
    .select(['signup_id', 'payload', 'status', 'lane', 'campaign_id'])
    .where('kind', '=', 'mail')
    .where('topic', '=', topic)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> }));
}
