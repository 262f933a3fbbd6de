import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  IMPORT_PROGRESS_TYPE,
  ROLE_OPTIONS,
  type ImportProgressLine,
} from '@waitlist/contract';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { ADMIN_TEST_ENV, addOperator, seedSignup, signIn } from '../../test/console';

/**
 * The console's import with its progress (issue 38 item 4), on both databases: asked for `application/x-ndjson`, it
 * answers a line per batch of rows stored (done rising to the total), then the report; a refused file answers its
 * error as the last line; asked for JSON, the report alone, as before.
 */
describe.each(DIALECTS)('import progress on %s', (dialect) => {
  const suite = useTestApp(dialect, { ...ADMIN_TEST_ENV });
  let cookie: string;
  beforeAll(async () => {
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
    cookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
  });
  const post = (csv: string, accept: string, dryRun = false) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/admin/import?source=progress&dry_run=${dryRun}`,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80', 'content-type': 'text/csv', accept },
      payload: csv,
    });
  const csvOf = (rows: number, tag: string) =>
    [
      'email,role,company_size,desired_outcomes',
      ...Array.from(
        { length: rows },
        (_, i) => `p${i}-${tag}@progress-${i % 50}.example,${ROLE_OPTIONS[1]},${COMPANY_SIZE_OPTIONS[3]},${DESIRED_OUTCOME_OPTIONS[0]}`,
      ),
    ].join('\n');

  it('streams a line per batch, then the report', async () => {
    const res = await post(csvOf(3_500, `a-${dialect}`), IMPORT_PROGRESS_TYPE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ImportProgressLine);
    const progress = lines.flatMap((l) => ('progress' in l ? [l.progress] : []));
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.map((p) => p.total).every((t) => t === 3_500)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(progress.at(-1)!.done).toBe(3_500);
    expect(lines.at(-1)).toMatchObject({ report: { rows: 3_500, new: 3_500, imported: 3_500, dry_run: false } });

    const json = await post(csvOf(10, `b-${dialect}`), 'application/json');
    expect(json.json()).toMatchObject({ rows: 10, imported: 10 });
    const refused = await post('no header we know\nx', IMPORT_PROGRESS_TYPE);
    expect(refused.statusCode).toBe(200);
    expect(JSON.parse(refused.body.trim().split('\n').at(-1)!)).toMatchObject({ error: { code: 'ADMIN400' } });
  });
});

/**
 * The same import when PostgreSQL drops every connection mid-file (a failover, a restart): each batch commits on its own,
 * so what the progress said was stored stays, the last line says how far it got, and the same file again adds the rest.
 * PostgreSQL only: the database is another process whose connections can be cut while the server keeps running.
 */
describe('import progress when the database drops the connections mid-file', () => {
  // eslint-disable-next-line no-restricted-syntax -- one dialect on purpose: SQLite is a file in the server's own process, with no connection to cut while the server keeps running
  const suite = useTestApp('postgres', { ...ADMIN_TEST_ENV });
  let cookie: string;
  beforeAll(async () => {
    await addOperator(suite.app, 'owner-outage@acme.example');
    cookie = await signIn(suite.app, 'owner-outage@acme.example');
  });
  const csvOf = (rows: number) =>
    [
      'email,role,company_size,desired_outcomes',
      ...Array.from(
        { length: rows },
        (_, i) => `p${i}-outage@progress-${i % 50}.example,${ROLE_OPTIONS[1]},${COMPANY_SIZE_OPTIONS[3]},${DESIRED_OUTCOME_OPTIONS[0]}`,
      ),
    ].join('\n');

  it('keeps what was stored when the database drops the import mid-file, says how far it got, and the same file again adds the rest', async () => {
    const { url } = await suite.listen({ ...ADMIN_TEST_ENV });
    const csv = csvOf(6_000);
    const send = () =>
      fetch(`${url}/api/admin/import?source=outage&dry_run=false`, {
        method: 'POST',
        headers: { cookie, origin: url, 'content-type': 'text/csv', accept: IMPORT_PROGRESS_TYPE },
        body: csv,
      });
    // The order made certain: another transaction holds an uncommitted sign-up with the address of the file's row 700,
    // so the import's second batch (rows 501-1,000) waits on it after the first has committed.
    const pg = (await import('pg')).default;
    const holder = new pg.Client({ connectionString: suite.testDb.url });
    await holder.connect();
    await seedSignup(suite.app, { email: 'holder-outage@acme.example' });
    const { rows: columns } = await holder.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'waitlist_signups' AND column_name <> 'id' AND is_generated = 'NEVER'`,
    );
    const names = columns.map((c) => c.name);
    await holder.query('BEGIN');
    await holder.query(
      `INSERT INTO waitlist_signups (${names.join(', ')}) SELECT ${names.map((n) => (n === 'email' ? '$1' : n)).join(', ')} FROM waitlist_signups WHERE email = $2`,
      ['p700-outage@progress-0.example', 'holder-outage@acme.example'],
    );
    const res = await send();
    expect(res.status).toBe(200);
    // Read as the console does, line by line; at the first progress line every other connection to the database is cut
    // (the waiting batch's among them), then the holder lets go.
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const lines: ImportProgressLine[] = [];
    let buffered = '';
    let cut = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
        lines.push(JSON.parse(buffered.slice(0, at)) as ImportProgressLine);
        buffered = buffered.slice(at + 1);
        if (!cut && 'progress' in lines.at(-1)!) {
          cut = true;
          await holder.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          );
          await holder.query('ROLLBACK');
          await holder.end();
        }
      }
    }
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ error: { code: 'PGRST000', hint: expect.stringContaining('Import the same file again') } });
    const stored = lines.flatMap((l) => ('progress' in l ? [l.progress.done] : [])).at(-1)!;
    expect(stored).toBe(500);
    expect((last as { error: { message: string } }).error.message).toContain(`${stored.toLocaleString('en')} people were imported`);
    const count = async () =>
      Number(
        (
          await suite.app.database.db
            .selectFrom('waitlist_signups')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('utm_source', '=', 'outage')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Exactly what the lines said was stored, nothing half-written.
    expect(await count()).toBe(stored);

    // Again, with the database back: the rest come in, those already there are skipped.
    const again = await send();
    const report = JSON.parse((await again.text()).trim().split('\n').at(-1)!) as { report: { existing: number; imported: number } };
    expect(report.report).toMatchObject({ existing: stored, imported: 6_000 - stored });
    expect(await count()).toBe(6_000);
  });
});
