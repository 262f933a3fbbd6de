import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestDatabase } from '../test/app';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../test/console';
import { DIALECTS } from '../test/databases';
import { createStores } from '../db/stores';
import { validSignup } from '../test/fixtures';
import { createServices } from './index';
import type { ImportOptions } from './imports';

/**
 * Importing an existing list (issue 26): a file with new, duplicate and invalid rows, the dry run and the real run,
 * twice; columns found by the names other tools export; and a hundred thousand rows in batches.
 */
const HEADER = 'Email Address,Job Title,Company Size,Desired outcomes,Date Added,Language';
const FILE = [
  HEADER,
  'ada@volvo.example,Head of Innovation / Innovation Director,1000+ employees,Reuse insights; Speed up time-to-market,2025-03-01T10:00:00Z,sv',
  ' Grace@Scania.example ,product manager,51-200,Reuse insights,2025-04-01,en',
  'GRACE@scania.example,Product Manager,51-200 employees,Reuse insights,,',
  'already@abb.example,Product Manager,1-10 employees,Reuse insights,,',
  'not-an-address,Product Manager,1-10 employees,Reuse insights,,',
  'chef@ikea.example,Chief Everything,1-10 employees,Reuse insights,,',
  'nosize@ikea.example,Product Manager,,Reuse insights,,',
  'outcome@ikea.example,Product Manager,1-10 employees,World peace,,',
  'date@ikea.example,Product Manager,1-10 employees,Reuse insights,yesterday-ish,',
  'lang@ikea.example,Product Manager,1-10 employees,Reuse insights,,klingon',
  '=cmd@ikea.example,Product Manager,1-10 employees,Reuse insights,,',
].join('\r\n');

/** The import as the CLI and the console run it: through the sign-up service. */
const imports = (database: Parameters<typeof createServices>[0], stores: ReturnType<typeof createStores>) => ({
  run: (csv: string, options: ImportOptions) =>
    createServices(database, stores, { batchWindowMs: 0, webhookEndpoints: [] }).imports.run(csv, options),
});

describe.each(DIALECTS)('importing a list on %s', (dialect) => {
  const handle = useTestDatabase(dialect);

  it('counts new, already there and invalid lines with reasons; imports the new ones once, unconfirmed, from the source', async () => {
    const { database } = handle;
    const stores = createStores(database);
    const run = (dryRun: boolean, confirmByMail = false) =>
      imports(database, stores).run(`\uFEFF${FILE}`, { dryRun, source: 'event-2025', confirmByMail, operatorId: null });
    await database.db.transaction().execute((trx) =>
      stores.signups.insertNew(trx, [
        {
          email: 'already@abb.example',
          role: 'Product Manager',
          company_size: '1-10 employees',
          desired_outcomes: ['Reuse insights'],
          other_outcome: null,
          consented_at: new Date().toISOString(),
          privacy_policy_version: '2025-01',
          created_at: new Date().toISOString(),
          confirmed_at: null,
          marketing_opt_out_at: null,
          confirmation_sent_at: null,
          locale: 'en',
          status: 'new',
          company_domain: 'abb.example',
          free_mail: false,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          utm_content: null,
          utm_term: null,
          referrer_origin: null,
          landing_path: null,
          flags: [],
          partner_code_id: null,
          fit_score: 0,
        },
      ]),
    );
    const dry = await run(true);
    // nosize@ has no company size: stored as not known (a list of addresses alone imports: import-addresses.test.ts).
    expect(dry).toMatchObject({ rows: 11, new: 3, existing: 1, duplicatesInFile: 1, answersUnknown: 1, imported: 0 });
    expect(dry.invalid).toEqual([
      { line: 6, reason: 'the e-mail address is not valid' },
      { line: 7, reason: 'role "Chief Everything" is not one of the form\'s roles' },
      { line: 9, reason: 'a desired outcome is not one of the form\'s (separate several with ";")' },
      { line: 10, reason: 'the date "yesterday-ish" cannot be read' },
      { line: 11, reason: 'language "klingon" is neither English nor Swedish' },
      { line: 12, reason: 'the e-mail address is not valid' },
    ]);
    expect((await database.db.selectFrom('waitlist_signups').select('id').execute()).length).toBe(1);

    const real = await run(false, true);
    expect(real).toMatchObject({ new: 3, existing: 1, imported: 3, confirmationsQueued: 3 });
    const rows = await database.db
      .selectFrom('waitlist_signups')
      .selectAll()
      .where('utm_source', '=', 'event-2025')
      .orderBy('email')
      .execute();
    expect(rows.map((r) => [r.email, r.role, r.company_size, r.locale, r.confirmed_at, r.privacy_policy_version])).toEqual([
      ['ada@volvo.example', 'Head of Innovation / Innovation Director', '1000+ employees', 'sv', null, 'import:event-2025'],
      ['grace@scania.example', 'Product Manager', '51-200 employees', 'en', null, 'import:event-2025'],
      ['nosize@ikea.example', 'Product Manager', null, 'en', null, 'import:event-2025'],
    ]);
    expect(database.decodeTimestamp(rows[0]!.created_at)).toBe('2025-03-01T10:00:00.000Z');
    const mails = await database.db.selectFrom('outbox').select(['topic', 'lane']).where('kind', '=', 'mail').execute();
    expect(mails).toEqual([
      { topic: 'confirmation', lane: 'bulk' },
      { topic: 'confirmation', lane: 'bulk' },
      { topic: 'confirmation', lane: 'bulk' },
    ]);
    // Again: nothing new.
    expect(await run(false, true)).toMatchObject({ new: 0, existing: 4, imported: 0, confirmationsQueued: 0 });
    expect((await database.db.selectFrom('waitlist_signups').select('id').execute()).length).toBe(4);
    expect((await stores.signups.totals()).people).toBe(4);
    const audit = await database.db.selectFrom('audit_trail').select(['action', 'detail']).where('action', '=', 'cli.import').execute();
    expect(audit).toHaveLength(2);
  });

  it('skips people the erasure ledger says asked to be erased, counts them, and never mails them', async () => {
    const { database } = handle;
    const ledgerFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-ledger-')), 'erasure-ledger.jsonl');
    const stores = createStores(database);
    const services = createServices(database, stores, { batchWindowMs: 0, webhookEndpoints: [], erasureLedgerFile: ledgerFile });
    const gone = 'erased-then-listed@volvo.example';
    await services.signups.signUp(validSignup({ email: gone }));
    const id = (await stores.signups.idByEmail(database.db, gone))!;
    expect(await services.signups.erase(id, { kind: 'person' })).toBe(true);

    const file = [
      HEADER,
      `${gone},Product Manager,1-10 employees,Reuse insights,,`,
      'kept@volvo.example,Product Manager,1-10 employees,Reuse insights,,',
    ].join('\n');
    const report = await services.imports.run(file, { dryRun: false, source: 'old-list', confirmByMail: true, operatorId: null });
    expect(report).toMatchObject({ rows: 2, new: 1, erased: 1, imported: 1, confirmationsQueued: 1 });
    expect(await stores.signups.idByEmail(database.db, gone)).toBeUndefined();
    expect(await stores.signups.idByEmail(database.db, 'kept@volvo.example')).toBeDefined();
  });

  it('imports 20,000 rows in batches, each in a transaction of its own', async () => {
    const { database } = handle;
    const stores = createStores(database);
    const lines = Array.from(
      { length: 20_000 },
      (_, i) => `bulk-${i}@company-${i % 500}.example,Product Manager,1000+ employees,Reuse insights,,`,
    );
    const started = performance.now();
    const report = await imports(database, stores).run([HEADER, ...lines].join('\n'), {
      dryRun: false,
      source: 'old-list',
      confirmByMail: false,
      operatorId: null,
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`[import on ${dialect}] 20,000 rows in ${seconds.toFixed(1)} s`);
    expect(report).toMatchObject({ new: 20_000, imported: 20_000, invalid: [] });
    expect((await stores.signups.totals()).people).toBeGreaterThanOrEqual(20_000);
  }, 120_000);
});

describe.each(DIALECTS)('importing a list from the console on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);

  it('checks an uploaded CSV, then imports it; a member may not', async () => {
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
    await addOperator(suite.app, `member-${dialect}@acme.example`, undefined, 'member');
    const owner = await signIn(suite.app, `owner-${dialect}@acme.example`);
    const member = await signIn(suite.app, `member-${dialect}@acme.example`);
    const upload = (cookie: string, query: string, body = FILE) =>
      suite.app.inject({
        method: 'POST',
        url: `/api/admin/import?${query}`,
        headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80', 'content-type': 'text/csv' },
        payload: body,
      });
    expect((await upload(member, 'source=fair&dry_run=true')).statusCode).toBe(403);
    const dry = await upload(owner, 'source=fair&dry_run=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dry_run: true,
      rows: 11,
      new: 4,
      existing: 0,
      duplicates_in_file: 1,
      answers_unknown: 1,
      imported: 0,
    });
    expect(dry.json<{ invalid: unknown[] }>().invalid).toHaveLength(6);
    const real = await upload(owner, 'source=fair&confirm_by_mail=true');
    expect(real.json()).toMatchObject({ dry_run: false, imported: 4, confirmations_queued: 4 });
    expect((await upload(owner, 'source=fair')).json()).toMatchObject({ imported: 0, existing: 4 });
    const notCsv = await upload(owner, 'source=fair', 'just some words');
    expect(notCsv.statusCode).toBe(400);
    const audit = await suite.app.database.db
      .selectFrom('audit_trail')
      .select(['action', 'outcome', 'operator_email'])
      .where('action', 'in', ['signups.import', 'POST /api/admin/import'])
      .execute();
    // The imports and the unreadable file by the import's name; the member's attempt, refused before any import ran, by its route.
    expect(audit.filter((a) => a.action === 'signups.import').map((a) => a.outcome)).toEqual(expect.arrayContaining(['ok', 'failed']));
    expect(audit.filter((a) => a.action === 'POST /api/admin/import').map((a) => [a.outcome, a.operator_email])).toEqual([
      ['refused', `member-${dialect}@acme.example`],
    ]);
  });
});
