import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH, type AdminSignupPage, type AdminStats } from '@waitlist/contract';
import { expectApiError, useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { apiHeaders } from '../../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, seedSignup, signIn } from '../../test/console';

describe.each(DIALECTS)('admin API on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  let cookie: string;
  const operatorEmail = `ops-${dialect}@example.com`;

  const get = (url: string, headers: Record<string, string> = { cookie }) => suite.app.inject({ method: 'GET', url, headers });
  const list = async (query: string) => {
    const res = await get(`/api/admin/signups?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminSignupPage>();
  };
  const auditRows = () => suite.app.database.db.selectFrom('audit_trail').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    await addOperator(suite.app, operatorEmail);
    cookie = await signIn(suite.app, operatorEmail);
  });

  describe('list, search, filters, sorting and paging', () => {
    const tag = `${dialect}-${Date.now()}`;
    let seeded: Awaited<ReturnType<typeof seedSignup>>[];

    beforeAll(async () => {
      seeded = [];
      for (let i = 0; i < 7; i++) {
        seeded.push(
          await seedSignup(
            suite.app,
            {
              email: `${i % 2 ? 'ada' : 'grace'}.${i}.${tag}@example.com`,
              role: i < 3 ? 'Product Manager' : 'Project Manager',
              company_size: i === 6 ? '11-50 employees' : '1000+ employees',
              desired_outcomes: i === 5 ? ['Other', 'Reuse insights'] : ['Reuse insights'],
              other_outcome: i === 5 ? '=HYPERLINK("http://evil.example")' : null,
            },
            new Date(Date.UTC(2026, 0, 10 + i, 12)).toISOString(),
          ),
        );
      }
    });

    it('finds sign-ups by part of the e-mail, case-insensitively, with the total count', async () => {
      const page = await list(`q=ADA.&q_unused=&sort=email`.replace('&q_unused=', ''));
      const mine = page.items.filter((r) => r.email.endsWith(`${tag}@example.com`));
      expect(mine.map((r) => r.email)).toEqual([1, 3, 5].map((i) => `ada.${i}.${tag}@example.com`));
      const exact = await list(`q=${encodeURIComponent(`grace.4.${tag}`)}`);
      expect(exact.total).toBe(1);
      expect(exact.items[0]).toMatchObject({
        email: `grace.4.${tag}@example.com`,
        role: 'Project Manager',
        desired_outcomes: ['Reuse insights'],
      });
      // Every page the console reads is in the audit trail: who, which filters, how many people it showed.
      const reads = (await auditRows()).filter((a) => a.action === 'signups.read');
      expect(reads.at(-1)).toMatchObject({ outcome: 'ok', detail: 'q; 1 person' });
      expect(reads.at(-1)?.operator_id).not.toBeNull();
    });

    it('treats LIKE wildcards in the search text literally', async () => {
      expect((await list('q=%25')).total).toBe(0);
      expect((await list('q=_')).total).toBe(0);
    });

    it('filters by role, company size, outcome and date range (inclusive), combined with search', async () => {
      const q = `q=${tag}`;
      expect((await list(`${q}&role=${encodeURIComponent('Product Manager')}`)).total).toBe(3);
      expect((await list(`${q}&company_size=${encodeURIComponent('11-50 employees')}`)).items.map((r) => r.id)).toEqual([seeded[6]!.id]);
      expect((await list(`${q}&outcome=Other`)).items.map((r) => r.id)).toEqual([seeded[5]!.id]);
      const ranged = await list(`${q}&from=2026-01-11&to=2026-01-13&sort=created_at`);
      expect(ranged.items.map((r) => r.id)).toEqual([seeded[1]!.id, seeded[2]!.id, seeded[3]!.id]);
    });

    it('pages with a keyset cursor in every sort order, without gaps or repeats', async () => {
      for (const sort of ['-created_at', 'created_at', 'email', '-email']) {
        const ids: number[] = [];
        let cursor = '';
        let pages = 0;
        do {
          const page = await list(`q=${tag}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
          expect(page.total).toBe(7);
          ids.push(...page.items.map((r) => r.id));
          cursor = page.next_cursor ?? '';
          pages++;
        } while (cursor);
        expect(pages).toBe(3);
        const expected = [...seeded].sort((a, b) => (sort.endsWith('email') ? a.email.localeCompare(b.email) : a.id - b.id));
        if (sort.startsWith('-')) expected.reverse();
        expect(ids, sort).toEqual(expected.map((r) => r.id));
      }
    });

    it('opens a page by its number as the cursor reaches it, in every sort order (a link holds the number, never a cursor)', async () => {
      for (const sort of ['-created_at', 'email', '-email']) {
        const first = await list(`q=${tag}&sort=${sort}&limit=3`);
        const byCursor = await list(`q=${tag}&sort=${sort}&limit=3&cursor=${first.next_cursor}`);
        const byNumber = await list(`q=${tag}&sort=${sort}&limit=3&page=2`);
        expect(
          byNumber.items.map((r) => r.id),
          sort,
        ).toEqual(byCursor.items.map((r) => r.id));
        expect(byNumber.next_cursor, sort).toBe(byCursor.next_cursor);
        expect((await list(`q=${tag}&sort=${sort}&limit=3&page=4`)).items).toEqual([]);
      }
    });

    it.each([
      ['page=0'],
      ['page=401'],
      ['page=two'],
      ['page=2&cursor=WyIyMDI2LTAxLTEwVDAwOjAwOjAwLjAwMFoiLDFd'],
      ['role=CEO'],
      ['company_size=5'],
      ['outcome=World%20peace'],
      ['from=2026-13-45'],
      ['sort=password'],
      ['limit=1000'],
      ['cursor=not-a-cursor'],
      ['role=Other&role=Other'],
    ])('answers 400 for %s', async (query) => {
      const res = await get(`/api/admin/signups?${query}`);
      expect(res.statusCode).toBe(400);
      expectApiError(res.json());
    });

    it('exports the filtered list as RFC 4180 CSV with a BOM, CRLF and neutralised formulas, and audits the export', async () => {
      const before = (await auditRows()).length;
      const res = await get(`/api/admin/signups/export.csv?q=${tag}&sort=created_at`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="waitlist-signups-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(
        'id,email,role,company_size,desired_outcomes,other_outcome,created_at,consented_at,privacy_policy_version,status,confirmed_at,marketing_opt_out_at,company_domain,free_mail,utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_origin,landing_path,partner_code,flags,wave,invited_at,accepted_at,redeemed_at,fit_score,fit_reasons,meeting_at,answers',
      );
      expect(lines.filter(Boolean)).toHaveLength(8);
      expect(lines[1]).toContain(`grace.0.${tag}@example.com`);
      const withFormula = lines.find((l) => l.startsWith(`${seeded[5]!.id},`))!;
      expect(withFormula).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(withFormula).toContain('Other; Reuse insights');
      const audit = await auditRows();
      expect(audit).toHaveLength(before + 1);
      expect(audit.at(-1)).toMatchObject({
        action: 'signups.export',
        outcome: 'ok',
        signup_id: null,
        detail: 'q',
        operator_email: operatorEmail,
      });
      const filtered = await get(`/api/admin/signups/export.csv?q=${tag}&outcome=Other`);
      expect(filtered.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(2);
    });
  });

  describe('one person: read, download, correct, erase', () => {
    it('reads one sign-up and downloads it as a JSON file; 404 for an unknown id, 400 for a bad one', async () => {
      const person = await seedSignup(suite.app);
      const res = await get(`/api/admin/signups/${person.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: person.id,
        email: person.email,
        role: person.role,
        desired_outcomes: person.desired_outcomes,
      });
      const file = await get(`/api/admin/signups/${person.id}/export.json`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="waitlist-signup-${person.id}.json"`);
      expect(JSON.parse(file.body)).toMatchObject({ id: person.id, email: person.email, consented_at: expect.any(String) });
      expect((await get('/api/admin/signups/999999999')).statusCode).toBe(404);
      expect((await get('/api/admin/signups/abc')).statusCode).toBe(400);
    });

    it('corrects fields, audits the changed field names only, and refuses a duplicate or invalid value', async () => {
      const person = await seedSignup(suite.app);
      const other = await seedSignup(suite.app);
      const patch = (payload: unknown) =>
        suite.app.inject({ method: 'PATCH', url: `/api/admin/signups/${person.id}`, headers: { cookie }, payload: payload as object });
      const res = await patch({
        email: `  Fixed.${person.email.toUpperCase()}`,
        role: 'Consultant / Advisor',
        company_size: person.company_size,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email: `fixed.${person.email}`, role: 'Consultant / Advisor' });
      const audit = (await auditRows()).at(-1)!;
      expect(audit).toMatchObject({ action: 'signup.correct', signup_id: person.id, detail: 'email,role' });
      // The operator's own address is there (who did it); the person's is not.
      expect(JSON.stringify({ ...audit, operator_email: null })).not.toContain(person.email.split('@')[1]);
      expect((await patch({ email: other.email })).statusCode).toBe(409);
      for (const bad of [{ role: 'CEO' }, { desired_outcomes: [] }, { email: 'nope' }, {}, { id: 5 }, { other_outcome: 'x'.repeat(501) }]) {
        const r = await patch(bad);
        expect(r.statusCode, JSON.stringify(bad)).toBe(400);
        expectApiError(r.json());
      }
      const notFound = await suite.app.inject({
        method: 'PATCH',
        url: '/api/admin/signups/999999999',
        headers: { cookie },
        payload: { role: 'Other' },
      });
      expect(notFound.statusCode).toBe(404);
    });

    it('erases a sign-up: gone, audited without the address, and the e-mail can sign up again', async () => {
      const person = await seedSignup(suite.app);
      const res = await suite.app.inject({ method: 'DELETE', url: `/api/admin/signups/${person.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(204);
      expect((await get(`/api/admin/signups/${person.id}`)).statusCode).toBe(404);
      expect((await suite.app.inject({ method: 'DELETE', url: `/api/admin/signups/${person.id}`, headers: { cookie } })).statusCode).toBe(
        404,
      );
      const audit = await auditRows();
      // The read of the erased person's page is recorded too, as a failure (nobody by that id any more).
      expect(audit.filter((a) => a.action === 'signup.read').at(-1)).toMatchObject({
        outcome: 'failed',
        signup_id: person.id,
        detail: 'not found',
      });
      // The erasure, then the second attempt, which failed (nobody by that id any more).
      expect(audit.filter((a) => a.action === 'signup.erase').slice(-2)).toMatchObject([
        { action: 'signup.erase', outcome: 'ok', signup_id: person.id, detail: null },
        { action: 'signup.erase', outcome: 'failed', signup_id: person.id, detail: 'not found' },
      ]);
      expect(JSON.stringify(audit)).not.toContain(person.email);
      const again = await suite.app.inject({
        method: 'POST',
        url: SIGNUPS_PATH,
        headers: apiHeaders(),
        payload: { email: person.email, role: person.role, company_size: person.company_size, desired_outcomes: person.desired_outcomes },
      });
      expect(again.statusCode).toBe(201);
    });
  });

  describe('stats', () => {
    const fresh = useTestApp(dialect, ADMIN_TEST_ENV);

    it('counts totals, per day, and per role, company size and outcome (every option listed)', async () => {
      const statsApp = fresh.app;
      await addOperator(statsApp, operatorEmail);
      const c = await signIn(statsApp, operatorEmail);
      const empty = (await statsApp.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: c } })).json<AdminStats>();
      expect(empty.total).toBe(0);
      expect(empty.per_day).toHaveLength(90);
      expect(empty.by_role.every((r) => r.count === 0)).toBe(true);
      await seedSignup(statsApp, { role: 'Product Manager', desired_outcomes: ['Reuse insights', 'Other'] });
      await seedSignup(statsApp, { role: 'Product Manager', company_size: '1-10 employees', desired_outcomes: ['Reuse insights'] });
      await seedSignup(statsApp, {}, new Date(Date.now() - 20 * 86_400_000).toISOString());
      const stats = (await statsApp.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: c } })).json<AdminStats>();
      expect(stats).toMatchObject({ total: 3, last_7_days: 2, last_30_days: 3 });
      expect(stats.by_role.find((r) => r.label === 'Product Manager')!.count).toBe(2);
      expect(stats.by_company_size.find((r) => r.label === '1-10 employees')!.count).toBe(1);
      expect(stats.by_outcome.find((r) => r.label === 'Reuse insights')!.count).toBe(3);
      expect(stats.by_outcome.find((r) => r.label === 'Other')!.count).toBe(1);
      expect(stats.per_day.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 2 });
      expect(stats.per_day.reduce((sum, d) => sum + d.count, 0)).toBe(3);
    });
  });
});
