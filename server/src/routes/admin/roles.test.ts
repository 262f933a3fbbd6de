import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, roleAllows, type OperatorRole } from '@waitlist/contract';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { adminRouteTable } from './routes';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../../test/console';

/**
 * Roles, enforced by the server on every admin route (issue 25): the route table itself declares each route's role,
 * and this test walks every registered admin route as an owner, a member and a viewer. A route without a declared role
 * fails here; a role that may not use a route gets 403 `forbidden`, and the refusal is in the audit trail.
 */
describe.each(DIALECTS)('roles on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  const cookies = {} as Record<OperatorRole, string>;

  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) {
      await addOperator(suite.app, `${role}-${dialect}@acme.example`, undefined, role);
      cookies[role] = await signIn(suite.app, `${role}-${dialect}@acme.example`);
    }
  });

  it('every admin route declares a role, or is one of the few reachable signed out', () => {
    const table = adminRouteTable(suite.app);
    expect(table.length).toBeGreaterThan(40);
    const undeclared = table.filter((r) => !r.signedOut && !r.role).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(
      table
        .filter((r) => r.signedOut)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'GET /api/admin/session/sso',
      'GET /api/admin/sso/callback',
      'GET /api/admin/sso/start',
      'POST /api/admin/invitations/accept',
      'POST /api/admin/session',
      'POST /api/admin/session/passkey',
      'POST /api/admin/session/passkey/options',
      'POST /api/admin/session/sso-code',
      'POST /api/admin/sso/start',
    ]);
    // What only owners may do.
    const ownerOnly = table.filter((r) => r.role === 'owner').map((r) => `${r.method} ${r.url}`);
    expect(ownerOnly).toEqual(
      expect.arrayContaining([
        'GET /api/admin/signups/export.csv',
        'DELETE /api/admin/signups/:id',
        'POST /api/admin/signups/erase',
        'POST /api/admin/operators',
        'GET /api/admin/audit',
        'POST /api/admin/webhooks/:id/resend',
      ]),
    );
  });

  it('answers each role on each route as the table says, and audits every refusal', async () => {
    const table = adminRouteTable(suite.app).filter(
      // Signing out ends the session the walk uses (both are open to every role, as the first test shows).
      (r) =>
        !r.signedOut && r.role && !['DELETE /api/admin/session', 'POST /api/admin/sessions/end-others'].includes(`${r.method} ${r.url}`),
    );
    const refusedBefore = await suite.app.database.db.selectFrom('audit_trail').select('id').where('outcome', '=', 'refused').execute();
    let refused = 0;
    const wrong: string[] = [];
    for (const route of table) {
      // An id nobody has: an allowed role reaches the handler (404, 400 …), a refused one never does.
      const url = route.url.replace(':id', '987654').replace('*', 'no-such-endpoint');
      for (const role of OPERATOR_ROLES) {
        const res = await suite.app.inject({
          method: route.method as 'GET',
          url,
          headers: { cookie: cookies[role], origin: 'http://localhost:80', host: 'localhost:80' },
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const allowed = roleAllows(role, route.role!);
        const forbidden = res.statusCode === 403 && res.json<{ code: string }>().code === 'forbidden';
        if (allowed === forbidden || res.statusCode === 401)
          wrong.push(`${role} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (!allowed) refused += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(20);
    const refusedAfter = await suite.app.database.db
      .selectFrom('audit_trail')
      .select(['id', 'operator_id', 'action'])
      .where('outcome', '=', 'refused')
      .execute();
    expect(refusedAfter.length - refusedBefore.length).toBe(refused);
  });
});
