import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { useTestApp } from '../../test/app';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../../test/console';

describe.each(DIALECTS)('webhook deliveries in the console on %s', (dialect) => {
  const suite = useTestApp(dialect, {
    ...ADMIN_TEST_ENV,
    WEBHOOK_URL: 'https://user:s3cret-pass@hooks.example.com/in?token=abc123secret',
    WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    OUTBOX_POLL_MS: '3600000',
  });

  it('shows each endpoint with its password and query values masked, never the secrets', async () => {
    await addOperator(suite.app, 'hooks-op@example.com');
    const cookie = await signIn(suite.app, 'hooks-op@example.com');
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup() })).statusCode).toBe(
      201,
    );
    const res = await suite.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('s3cret-pass');
    expect(res.body).not.toContain('abc123secret');
    const body = res.json<{ endpoints: { target: string }[]; recent: { target: string }[] }>();
    expect(body.endpoints.map((e) => e.target)).toEqual(['https://user:***@hooks.example.com/in?token=***']);
    expect(body.recent[0]!.target).toBe('https://user:***@hooks.example.com/in?token=***');
  });
});
