import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHECK_CONSTRAINTS, DUPLICATE_EMAIL_MESSAGE, ERROR_CODES, SIGNUPS_TABLE, checkViolationMessage } from '@waitlist/contract';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { TEST_PUBLIC_KEY, validSignup } from '../../test/fixtures';

/**
 * The client a site moved from hosted Supabase keeps using: the real supabase-js v2 against our server over real
 * HTTP. Node 20 has no global WebSocket, so the realtime transport is `ws` (realtime is never used here).
 */
describe.each(DIALECTS)('supabase-js against the server on %s', (dialect) => {
  const suite = useTestApp(dialect);
  const clientFor = (url: string, key = TEST_PUBLIC_KEY): SupabaseClient =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
  const connect = async () => clientFor((await suite.listen()).url);
  const storedEmails = (email: string) =>
    suite.app.database.db.selectFrom('waitlist_signups').select('email').where('email', '=', email).execute();
  const rowCount = () => suite.app.stores.signups.count();

  it('insert([row]), the form Supabase sites send, stores the row: 201, no data back', async () => {
    const supabase = await connect();
    const row = validSignup({ email: ' Array.Client@Example.COM ' });
    const { error, status, data } = await supabase.from(SIGNUPS_TABLE).insert([row]);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await storedEmails('array.client@example.com')).toEqual([{ email: 'array.client@example.com' }]);
  });

  it('insert(row) with a bare object stores it too', async () => {
    const supabase = await connect();
    const row = validSignup();
    const { error, status } = await supabase.from(SIGNUPS_TABLE).insert(row);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(await storedEmails(row.email)).toHaveLength(1);
  });

  it('a duplicate in other case answers 409 / 23505 and stores nothing', async () => {
    const supabase = await connect();
    const row = validSignup();
    expect((await supabase.from(SIGNUPS_TABLE).insert([row])).error).toBeNull();
    const before = await rowCount();
    const { error, status } = await supabase.from(SIGNUPS_TABLE).insert([{ ...row, email: row.email.toUpperCase() }]);
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: ERROR_CODES.uniqueViolation, message: DUPLICATE_EMAIL_MESSAGE });
    expect(await rowCount()).toBe(before);
  });

  it('a check violation answers 400 / 23514 naming the check, and stores nothing', async () => {
    const supabase = await connect();
    const before = await rowCount();
    const { error, status } = await supabase.from(SIGNUPS_TABLE).insert([{ ...validSignup(), company_size: '5 employees' }]);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: ERROR_CODES.checkViolation, message: checkViolationMessage(CHECK_CONSTRAINTS.company_size) });
    expect(await rowCount()).toBe(before);
  });

  it('a wrong key answers 401 / PGRST301 and stores nothing', async () => {
    const { url } = await suite.listen();
    const row = validSignup();
    const { error, status } = await clientFor(url, 'not-the-public-key').from(SIGNUPS_TABLE).insert([row]);
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: ERROR_CODES.invalidApiKey });
    expect(await storedEmails(row.email)).toEqual([]);
  });

  it('select() is refused with 401 / 42501 and no rows', async () => {
    const supabase = await connect();
    expect((await supabase.from(SIGNUPS_TABLE).insert([validSignup()])).error).toBeNull();
    const { data, error, status } = await supabase.from(SIGNUPS_TABLE).select();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: ERROR_CODES.insufficientPrivilege });
    expect(data).toBeNull();
  });

  it('insert(...).select() is refused without leaking rows, and stores nothing', async () => {
    const supabase = await connect();
    expect((await supabase.from(SIGNUPS_TABLE).insert([validSignup()])).error).toBeNull();
    const row = validSignup();
    const { data, error, status } = await supabase.from(SIGNUPS_TABLE).insert([row]).select();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: ERROR_CODES.insufficientPrivilege });
    expect(data).toBeNull();
    expect(JSON.stringify(error)).not.toContain('@example.com');
    expect(await storedEmails(row.email)).toEqual([]);
  });

  it('an unknown table answers 404 / PGRST205', async () => {
    const supabase = await connect();
    const { error, status } = await supabase.from('users').insert([{ email: 'a@example.com' }]);
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: ERROR_CODES.unknownTable });
  });
});
