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
import { ADMIN_TEST_ENV, addOperator, signIn } from '../../test/console';

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
