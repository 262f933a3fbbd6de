import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { servicesOn, useTestDatabase } from '../test/app';
import { DIALECTS } from '../test/databases';
import { EXIT, runAdminCli } from './admin';
import { verifyPassword } from '../lib/passwords';
import { createStores } from '../db/stores';
import { createServices } from '../services';
import { validSignup } from '../test/fixtures';
import { runProgram } from '../test/run-program';

const PASSWORD = 'correct horse battery staple';

describe.each(DIALECTS)('admin CLI on %s', (dialect) => {
  const suite = useTestDatabase(dialect);

  const envVars = () => ({ DATA_DIR: suite.testDb.dataDir, ...(suite.testDb.url ? { DATABASE_URL: suite.testDb.url } : {}) });
  // The ledger where the server writes it by default (io/erasure-ledger.ts: beside the SQLite file, DATA_DIR).
  const ledgerFile = () => path.join(suite.testDb.dataDir, 'erasure-ledger.jsonl');
  const settings = () => ({ databaseUrl: suite.testDb.url, dataDir: suite.testDb.dataDir, erasureLedgerFile: ledgerFile() });
  const run = async (argv: string[], stdinText?: string, isTTY = false) => {
    const stdin = Object.assign(new PassThrough(), { isTTY });
    const stdout = new PassThrough();
    const stderr = Object.assign(new PassThrough(), { isTTY });
    let out = '';
    let err = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    stderr.on('data', (c: Buffer) => (err += c.toString()));
    if (stdinText !== undefined) stdin.end(stdinText);
    const code = await runAdminCli(argv, settings(), { stdin, stdout, stderr });
    return { code, out, err };
  };
  const operatorRow = (email: string) =>
    suite.database.db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();

  it('adds an operator from --password-stdin with a salted scrypt hash, lists and removes it', async () => {
    const add = await run(['add', 'Founder@Example.com', '--password-stdin'], `${PASSWORD}\n`);
    expect(add).toMatchObject({ code: EXIT.ok, err: '' });
    expect(add.out).toContain('founder@example.com (owner) added');
    const row = await operatorRow('founder@example.com');
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row!.password_hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}x`, row!.password_hash)).toBe(false);

    await run(['add', 'second@example.com', '--password-stdin'], PASSWORD);
    const second = await operatorRow('second@example.com');
    expect(second!.password_hash).not.toBe(row!.password_hash); // per-password salt

    const list = await run(['list']);
    expect(list.code).toBe(EXIT.ok);
    expect(list.out).toMatch(/founder@example\.com/);
    expect(list.out).toMatch(/second@example\.com/);

    // Removing ends their sessions too.
    const sessions = servicesOn(suite.database).services.operatorSessions;
    const { token } = await sessions.open(suite.database.db, Number(row!.id), undefined);
    expect(await sessions.resolve(token)).toBeDefined();
    const remove = await run(['remove', 'FOUNDER@example.com']);
    expect(remove).toMatchObject({ code: EXIT.ok });
    expect(await operatorRow('founder@example.com')).toBeUndefined();
    expect(await sessions.resolve(token)).toBeUndefined();
  });

  it("adds a member or viewer with --role, keeps an owner, and resets an owner's second factors (audited)", async () => {
    await suite.database.db.deleteFrom('operators').execute();
    expect((await run(['add', 'boss@example.com', '--password-stdin'], PASSWORD)).code).toBe(EXIT.ok);
    const member = await run(['add', 'sales@example.com', '--role', 'member', '--password-stdin'], PASSWORD);
    expect(member.out).toContain('sales@example.com (member) added');
    expect((await run(['add', 'eyes@example.com', '--role=viewer', '--password-stdin'], PASSWORD)).out).toContain('(viewer)');
    expect(await run(['add', 'x@example.com', '--role', 'god', '--password-stdin'], PASSWORD)).toMatchObject({ code: EXIT.usage });
    expect((await run(['list'])).out).toMatch(/sales@example\.com\tmember\tpassword only/);
    // The last owner stays.
    const last = await run(['remove', 'boss@example.com']);
    expect(last.code).toBe(EXIT.refused);
    expect(last.err).toContain('last owner');
    // An owner who lost their phone: second factors off, sessions ended.
    const boss = await operatorRow('boss@example.com');
    await suite.database.db.updateTable('operators').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', Number(boss!.id)).execute();
    const sessions = servicesOn(suite.database).services.operatorSessions;
    const { token } = await sessions.open(suite.database.db, Number(boss!.id), undefined);
    const reset = await run(['reset-2fa', 'boss@example.com']);
    expect(reset).toMatchObject({ code: EXIT.ok });
    expect((await operatorRow('boss@example.com'))!.totp_secret).toBeNull();
    expect(await sessions.resolve(token)).toBeUndefined();
    const audit = await suite.database.db.selectFrom('audit_trail').select(['action', 'target']).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['cli.operator-add', 'cli.two-factor-reset']));
    for (const email of ['sales@example.com', 'eyes@example.com']) await run(['remove', email]);
    await run(['add', 'second-owner@example.com', '--password-stdin'], PASSWORD);
    expect((await run(['remove', 'boss@example.com'])).code).toBe(EXIT.ok);
    await run(['remove', 'second-owner@example.com']);
  });

  it('refuses a short password, a duplicate, an unknown operator, and a missing terminal, with clear messages', async () => {
    const short = await run(['add', 'short@example.com', '--password-stdin'], 'elevenchars');
    expect(short.code).toBe(EXIT.refused);
    expect(short.err).toMatch(/at least 12 characters/);
    expect(await operatorRow('short@example.com')).toBeUndefined();

    await run(['add', 'dup@example.com', '--password-stdin'], PASSWORD);
    const dup = await run(['add', 'dup@example.com', '--password-stdin'], PASSWORD);
    expect(dup.code).toBe(EXIT.refused);
    expect(dup.err).toMatch(/already exists/);

    const missing = await run(['remove', 'nobody@example.com']);
    expect(missing.code).toBe(EXIT.refused);
    expect(missing.err).toMatch(/No operator nobody@example\.com/);

    const noTty = await run(['add', 'prompt@example.com']);
    expect(noTty.code).toBe(EXIT.refused);
    expect(noTty.err).toMatch(/--password-stdin/);
  });

  it('asks for the password twice on a terminal without echoing it', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let shown = '';
    stdout.on('data', (c: Buffer) => (shown += c.toString()));
    stderr.on('data', (c: Buffer) => {
      shown += c.toString();
      // Type the answer when asked.
      if (/Password|Repeat/.test(c.toString())) setImmediate(() => stdin.write(`${PASSWORD}\r`));
    });
    const code = await runAdminCli(['add', 'tty@example.com'], settings(), { stdin, stdout, stderr });
    expect(code).toBe(EXIT.ok);
    expect(shown).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, (await operatorRow('tty@example.com'))!.password_hash)).toBe(true);
  });

  it.each([[[]], [['frobnicate']], [['add']], [['add', 'not-an-email', '--password-stdin']], [['list', 'extra']], [['list', '--force']]])(
    'answers usage errors with exit code 2: %j',
    async (argv) => {
      const res = await run(argv, '');
      expect(res.code).toBe(EXIT.usage);
      expect(res.out + res.err).toMatch(/Usage: npm run admin|is not a valid e-mail address/);
    },
  );

  it('runs as a program that reads DATABASE_URL / DATA_DIR from the environment', async () => {
    const { code, out } = await runProgram('admin-cli.ts', ['add', 'spawned@example.com', '--password-stdin'], {
      env: envVars(),
      stdin: `${PASSWORD}\n`,
    });
    expect(code, out).toBe(0);
    expect(await operatorRow('spawned@example.com')).toBeDefined();
  });

  it('imports a Mailchimp export of addresses alone, their answers not known (the quick start, step 6)', async () => {
    const file = `${suite.testDb.dataDir}/mailchimp-${dialect}.csv`;
    const csv = ['Email Address,First Name,Last Name,OPTIN_TIME', `ada-${dialect}@volvo.example,Ada,L,2025-09-01 10:00:00`];
    await import('node:fs').then((fs) => fs.promises.writeFile(file, `${csv.join('\n')}\n`));
    const dry = await run(['import', file, '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain('Dry run: 1 rows: 1 new, 0 already on the list, 0 repeated in the file, 0 invalid.');
    expect(dry.out).toContain('1 of the new without answers: stored as not known; their confirmation mail and data page ask for them.');
    const real = await run(['import', file, '--source', 'mailchimp', '--confirm-by-mail']);
    expect(real.code, real.err).toBe(0);
    expect(real.out).toContain('Imported 1, attributed to "mailchimp", unconfirmed.');
    expect(real.out).toContain(`No erasure ledger at ${ledgerFile()} yet`);
  });

  it("shows an import's progress on a terminal (rows done, rate, time left) and stays quiet otherwise", async () => {
    const file = `${suite.testDb.dataDir}/progress-${dialect}.csv`;
    const lines = Array.from(
      { length: 1200 },
      (_, i) => `person${i}-${dialect}@progress.example,Product Manager,1000+ employees,Reuse insights`,
    );
    await import('node:fs').then((fs) => fs.promises.writeFile(file, `email,role,company_size,desired_outcomes\n${lines.join('\n')}\n`));
    const quiet = await run(['import', file, '--source', 'quiet-run']);
    expect(quiet.code, quiet.err).toBe(0);
    expect(quiet.err).toBe('');
    const file2 = file.replace('.csv', '-2.csv');
    await import('node:fs').then((fs) =>
      fs.promises.writeFile(file2, `email,role,company_size,desired_outcomes\n${lines.map((l) => l.replace('@', '.b@')).join('\n')}\n`),
    );
    const shown = await run(['import', file2, '--source', 'terminal-run'], undefined, true);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.err).toMatch(/Importing: 1,200 of 1,200 rows \(100 %\), [\d,]+ rows\/s, done\n$/);
  });
  it('import skips everyone the erasure ledger names, as the console does, and says how many and where it looked', async () => {
    // Erased through the server's own services, which write the ledger where the server keeps it by default.
    const stores = createStores(suite.database);
    const services = createServices(suite.database, stores, { batchWindowMs: 0, webhookEndpoints: [], erasureLedgerFile: ledgerFile() });
    const gone = `erased-${dialect}@volvo.example`;
    await services.signups.signUp(validSignup({ email: gone }));
    expect(await services.signups.erase((await stores.signups.idByEmail(suite.database.db, gone))!, { kind: 'person' })).toBe(true);

    const file = path.join(suite.testDb.dataDir, `old-list-${dialect}.csv`);
    await import('node:fs').then((fs) =>
      fs.promises.writeFile(
        file,
        `email,role,company_size,desired_outcomes\n${gone},Product Manager,1-10 employees,Reuse insights\nkept-${dialect}@volvo.example,Product Manager,1-10 employees,Reuse insights\n`,
      ),
    );
    const confirmations = () =>
      suite.database.db.selectFrom('outbox').select('id').where('kind', '=', 'mail').where('topic', '=', 'confirmation').execute();
    const queuedBefore = (await confirmations()).length;
    const imported = await runProgram('admin-cli.ts', ['import', file, '--source', 'old-list', '--confirm-by-mail'], { env: envVars() });
    expect(imported.code, imported.out).toBe(0);
    expect(imported.out).toContain('1 erased at their request (skipped)');
    expect(imported.out).toContain(`Checked against the erasure ledger ${ledgerFile()}: 1 erased at their request skipped.`);
    expect(await stores.signups.idByEmail(suite.database.db, gone)).toBeUndefined();
    expect(await stores.signups.idByEmail(suite.database.db, `kept-${dialect}@volvo.example`)).toBeDefined();
    // Nobody erased is mailed: the one confirmation queued is the kept person's.
    expect((await confirmations()).length - queuedBefore).toBe(1);
  });
});
