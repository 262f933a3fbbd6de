import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_CONSTRAINTS, EMAIL_UNIQUE_CONSTRAINT } from '@waitlist/contract';
import { createTestDatabase, type TestDatabase } from '../test/databases';

const migrationsDir = path.resolve(import.meta.dirname, '..', '..', '..', 'supabase', 'migrations');

/** The Supabase migration on a plain PostgreSQL with Supabase's `anon` and `authenticated` roles. */
describe('supabase/migrations on PostgreSQL', () => {
  let testDb: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    // Roles are cluster-wide; create them once, idempotently (CI shares the server).
    for (const role of ['anon', 'authenticated']) {
      await client.query(`DO $$ BEGIN CREATE ROLE ${role} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
    }
    await client.query('GRANT USAGE ON SCHEMA public TO anon, authenticated');
    for (const file of fs.readdirSync(migrationsDir).sort()) {
      await client.query(fs.readFileSync(path.join(migrationsDir, file), 'utf8'));
    }
  });
  afterAll(async () => {
    await client?.end();
    await testDb?.drop();
  });

  const asAnon = async <T>(fn: () => Promise<T>) => {
    await client.query('BEGIN; SET LOCAL ROLE anon');
    try {
      return await fn();
    } finally {
      await client.query('ROLLBACK');
    }
  };
  const insert = (email: string, role = 'Product Manager') =>
    client.query(
      `INSERT INTO public.waitlist_signups (email, role, company_size, desired_outcomes) VALUES ($1, $2, '1-10 employees', ARRAY['Reuse insights'])`,
      [email, role],
    );

  it('lets anon insert, normalising the e-mail', async () => {
    await asAnon(() => insert('  Ada@Example.COM '));
    await insert('  Ada@Example.COM ');
    const { rows } = await client.query('SELECT email FROM public.waitlist_signups');
    expect(rows).toEqual([{ email: 'ada@example.com' }]);
  });

  it('refuses anon reads, updates and deletes', async () => {
    for (const statement of [
      'SELECT * FROM public.waitlist_signups',
      "UPDATE public.waitlist_signups SET role = 'Other'",
      'DELETE FROM public.waitlist_signups',
    ]) {
      await expect(asAnon(() => client.query(statement))).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('lets anon insert the language and attribution the site sends, with the same locale check', async () => {
    const withLanguage = (email: string, locale: string) =>
      client.query(
        `INSERT INTO public.waitlist_signups (email, role, company_size, desired_outcomes, locale, landing_path, utm_source)
         VALUES ($1, 'Product Manager', '1-10 employees', ARRAY['Reuse insights'], $2, '/sv', 'newsletter')`,
        [email, locale],
      );
    await asAnon(() => withLanguage('karin@example.se', 'sv'));
    await expect(asAnon(() => withLanguage('hans@example.de', 'de'))).rejects.toMatchObject({
      code: '23514',
      constraint: CHECK_CONSTRAINTS.locale,
    });
    await withLanguage('karin@example.se', 'sv');
    const { rows } = await client.query("SELECT locale, landing_path FROM public.waitlist_signups WHERE email = 'karin@example.se'");
    expect(rows).toEqual([{ locale: 'sv', landing_path: '/sv' }]);
  });

  it('uses the same constraint names as our own schema', async () => {
    await expect(insert('ADA@example.com')).rejects.toMatchObject({ code: '23505', constraint: EMAIL_UNIQUE_CONSTRAINT });
    await expect(insert('grace@example.com', 'CEO')).rejects.toMatchObject({ code: '23514', constraint: CHECK_CONSTRAINTS.role });
  });
});
