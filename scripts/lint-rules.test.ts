import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rules docs/architecture.md states, each kept by a lint rule (eslint.config.js): this test lints one-line
 * violations as if they were files of the repository and expects each rule to fail them, so a rule that stops
 * matching (a renamed method, a moved folder) turns this red instead of letting the next feature slip past it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the rules `file` breaks when it holds `code`. */
async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const PROBE_IMPORTS = `import type { Database } from '../../db/connection';\nimport type { Stores } from '../../db/stores';\n`;
const probe = (line: string) => `${PROBE_IMPORTS}export async function probe(database: Database, stores: Stores) {\n  ${line}\n}\n`;

describe('the architecture rules, each a lint rule that fails on one line', () => {
  it.each([
    [
      'a query built in a route',
      "await stores.signups.get(1); await database.db.selectFrom('operators').selectAll().execute();",
      'Queries live in a store',
    ],
    ['a dialect branch in a route', "if (database.dialect === 'sqlite') return;", 'A dialect branch lives in server/src/db/dialects/'],
    ['Database.db in a route', 'void database.db;', 'Database.db is for stores'],
    ['mail queued by a route', 'await stores.outbox.queueMail(undefined as never, []);', 'are queued through the change of a use case'],
    [
      'a CRM push queued by a route',
      "await stores.outbox.queueCrmSyncs(undefined as never, [], '');",
      'CRM pushes are queued through the change of a use case',
    ],
    [
      'the audit trail written by a route',
      "await stores.auditTrail.record(undefined as never, { action: 'x', operatorId: null }, '');",
      'The audit trail is written through the change',
    ],
    ['a transaction opened by a route', 'await database.transaction(async () => undefined);', 'A use case opens its transaction through'],
    [
      'a view mapped inline in a route',
      'return (await stores.invitations.waves()).map((w) => ({ id: w.id }));',
      'A row becomes a view in one mapper in services/',
    ],
  ])('%s', async (_name, line, expected) => {
    const messages = await complaints('server/src/routes/admin/probe.ts', probe(line));
    expect(messages.join('\n')).toContain(expected);
  });

  it('keeps Kysely and SQL inside db/, also for services', async () => {
    const code = "import { sql } from 'kysely';\nexport const probe = () => sql`SELECT 1`;\n";
    const messages = (await complaints('server/src/services/probe.ts', code)).join('\n');
    expect(messages).toContain("'kysely' import is restricted");
    expect(messages).toContain('SQL lives in server/src/db/');
    // The same lines are a store's business.
    expect(await complaints('server/src/db/stores/probe.ts', code)).toEqual([]);
  });

  it('lets only the sign-up store write waitlist_signups', async () => {
    const line = "export const probe = (db: never) => (db as { deleteFrom(t: string): unknown }).deleteFrom('waitlist_signups');\n";
    expect((await complaints('server/src/db/stores/probe.ts', line)).join('\n')).toContain(
      'Only db/stores/signups.ts writes waitlist_signups',
    );
  });

  it('keeps fetch out of console screens: they read through features/admin/api/', async () => {
    const code = "export const probe = () => fetch('/api/admin/signups');\n";
    expect((await complaints('web/src/features/admin/pages/probe.ts', code)).join('\n')).toContain('Read and write through a hook');
    expect(await complaints('web/src/features/admin/api/probe.ts', code)).toEqual([]);
  });

  it.each([
    ['text between tags', 'export const P = () => <p>Nothing is stuck.</p>;'],
    ['a label', 'export const P = () => <input aria-label="Search e-mail" />;'],
    ['a ternary in a caption', "export const P = ({ a }: { a: boolean }) => <table summary={a ? 'By e-mail' : 'By time'} />;"],
    ['a table header', "export const P = () => <t header={['When', 'Who']} />;"],
    ['a notice in code', "export const notice = { kind: 'success', text: 'The session was ended.' };"],
    ['a sentence in a template', 'export const say = (n: number) => `${n} other sessions ended.`;'],
  ])('keeps the console’s words in the catalogue (decision 0050): %s fails', async (_name, code) => {
    const messages = await complaints('web/src/features/admin/pages/probe.tsx', code);
    expect(messages.join('\n')).toContain('A word the operator reads lives in catalogue/src/console/');
  });

  it('makes every console action one ActionForm (issue 50): a card form written by hand is refused', async () => {
    const code = 'export const P = ({ on }: { on: () => void }) => <form className="card stack" onSubmit={on} />;\n';
    expect((await complaints('web/src/features/admin/pages/probe.tsx', code)).join('\n')).toContain('A console action is an ActionForm');
    expect(await complaints('web/src/features/admin/components/action-form.tsx', code)).toEqual([]);
    // A filter bar acts as it changes: not an action.
    const filters = 'export const P = () => <form className="filters card" role="search" />;\n';
    expect(await complaints('web/src/features/admin/pages/probe.tsx', filters)).toEqual([]);
  });

  it('lets a console screen show code, class names and keys that are not words', async () => {
    const code = [
      "import { useConsoleWords } from '../app/console-language';",
      'export function P({ on, domain }: { on: boolean; domain: string }) {',
      '  const w = useConsoleWords().signups;',
      "  return <p className={`notice notice-${on ? 'ok' : 'no'}`} title={w.export} role=\"status\">",
      "    {w.counting} <code>npm run admin -- add EMAIL</code> {`${domain}.pipedrive.com`} {on ? 'sort' : 'email'}",
      '  </p>;',
      '}',
      '',
    ].join('\n');
    expect(await complaints('web/src/features/admin/pages/probe.tsx', code)).toEqual([]);
  });

  it('keeps engine branches in db/dialects/, inside db/ too (issue 50): a store or the migrator asks its engine', async () => {
    const code =
      "import type { Database } from '../connection';\nexport const probe = (database: Database) => (database.dialect === 'postgres' ? 1 : 2);\n";
    for (const file of ['server/src/db/stores/probe.ts', 'server/src/db/migrations/probe.ts']) {
      expect((await complaints(file, code)).join('\n'), file).toContain('A dialect branch lives in server/src/db/dialects/');
    }
    expect(await complaints('server/src/db/dialects/probe.ts', code)).toEqual([]);
  });

  it('keeps transactions out of the stores (issue 50): a store writes in the transaction of the use case that runs it', async () => {
    const code =
      "import type { Database } from '../connection';\nexport const probe = (database: Database) => database.db.transaction().execute(async () => 1);\n";
    for (const file of ['server/src/db/stores/probe.ts', 'server/src/db/stores/signups.ts', 'server/src/db/group-commit.ts']) {
      expect((await complaints(file, code)).join('\n'), file).toContain('A store writes in the transaction of a use case');
    }
    expect(await complaints('server/src/db/dialects/probe.ts', code)).toEqual([]);
  });

  it("lets only the sign-up services call the sign-up store's writes (issue 50)", async () => {
    const line = 'await stores.signups.setLinks(undefined as never, 1, { meeting_at: null });';
    const code = probe(line).replaceAll('../../db/', '../db/');
    for (const file of ['server/src/services/bookings.ts', 'server/src/delivery/probe.ts', 'server/src/cli/probe.ts']) {
      expect((await complaints(file, code)).join('\n'), file).toContain('Only the sign-up services');
    }
    expect((await complaints('server/src/routes/admin/probe.ts', probe(line))).join('\n')).toContain('Only the sign-up services');
    expect(await complaints('server/src/services/signup-changes.ts', code)).toEqual([]);
    // Held as `signups`, the store is the store.
    const held = probe('const { signups } = stores;\n  await signups.foldBatch(undefined as never, 10, false);').replaceAll(
      '../../db/',
      '../db/',
    );
    expect((await complaints('server/src/services/bookings.ts', held)).join('\n')).toContain('Only the sign-up services');
    expect(await complaints('server/src/services/count-fold.ts', held)).toEqual([]);
    // A read of the store is anyone's.
    expect(
      await complaints('server/src/services/bookings.ts', probe('await stores.signups.get(1);').replaceAll('../../db/', '../db/')),
    ).toEqual([]);
  });

  it('runs every database test on both dialects', async () => {
    const code = "import { useTestApp } from '../test/app';\nexport const suite = useTestApp('sqlite');\n";
    expect((await complaints('server/src/routes/probe.test.ts', code)).join('\n')).toContain('on both dialects');
  });

  it.each([
    ['server/src/services/probe.test.ts', "import { vi } from 'vitest';\nvi.mock('../lib/passwords');\n"],
    ['server/src/test/probe.ts', "import { vi } from 'vitest';\nexport const probe = () => vi.stubEnv('SMTP_URL', 'smtp://x');\n"],
    ['contract/src/probe.test.ts', "process.env.SITE_URL = 'http://x';\n"],
    ['scripts/probe.test.ts', "process.env['SITE_URL'] = 'http://x';\n"],
    ['catalogue/src/probe.test.ts', 'delete process.env.SITE_URL;\n'],
    ['server/src/probe.test.ts', 'process.env = {};\n'],
  ])('keeps the unit project free of module and environment swaps (it shares modules between files): %s', async (file, code) => {
    expect((await complaints(file, code)).join('\n')).toContain('The unit project shares modules between files');
  });

  it('lets the unit tests read the environment', async () => {
    expect(await complaints('server/src/probe.test.ts', 'export const probe = process.env.TEST_PG_ADMIN_URL;\n')).toEqual([]);
  });

  it('keeps server internals out of the browser tests', async () => {
    const code = "import { hashPassword } from '../server/src/lib/passwords';\nexport const probe = hashPassword;\n";
    expect((await complaints('e2e/probe.test.ts', code)).join('\n')).toContain('import only its harness');
    const harness = "import { startTestSmtpServer } from '../server/src/test/smtp';\nexport const probe = startTestSmtpServer;\n";
    expect(await complaints('e2e/probe.test.ts', harness)).toEqual([]);
  });

  it('starts one browser, from one path', async () => {
    const own =
      "import { chromium } from 'playwright-core';\nexport const probe = () => chromium.launch({ executablePath: '/usr/bin/chromium' });\n";
    const messages = (await complaints('e2e/probe.test.ts', own)).join('\n');
    expect(messages).toContain('Start the browser with launchBrowser()');
    expect(messages).toContain('The browser is CHROMIUM_PATH');
  });

  it('keeps each route feature to itself: another feature, env.ts or app.ts is refused, its own files and services are not', async () => {
    const other = "import { publicSignupRoutes } from '../signups/routes';\nexport const probe = publicSignupRoutes;\n";
    expect((await complaints('server/src/routes/admin/probe.ts', other)).join('\n')).toContain('never another feature');
    const app = "import { buildApp } from '../../app';\nexport const probe = buildApp;\n";
    expect((await complaints('server/src/routes/admin/probe.ts', app)).join('\n')).toContain('never another feature, env.ts or app.ts');
    const own =
      "import { signedInOperator } from './guards';\nimport type { SignupService } from '../../services/signups';\nexport const probe = (s: SignupService) => [s, signedInOperator];\n";
    expect(await complaints('server/src/routes/admin/probe.ts', own)).toEqual([]);
  });

  it('keeps lib/ pure: files and DNS are io/, which only the layers above the stores import', async () => {
    const files = "import fs from 'node:fs';\nexport const probe = () => fs.readFileSync('x');\n";
    expect((await complaints('server/src/lib/probe.ts', files)).join('\n')).toContain('lib/ holds pure code');
    expect(await complaints('server/src/io/probe.ts', files)).toEqual([]);
    const pureNet = "import { isIPv4 } from 'node:net';\nexport const probe = isIPv4;\n";
    expect(await complaints('server/src/lib/probe.ts', pureNet)).toEqual([]);
    const ledgerInStore = "import { ledgerHash } from '../../io/erasure-ledger';\nexport const probe = ledgerHash;\n";
    expect((await complaints('server/src/db/stores/probe.ts', ledgerInStore)).join('\n')).toContain('db/ (connection, migrations, stores)');
  });

  it('takes Database and Executor from db/connection.ts only', async () => {
    const elsewhere = "import type { Database } from '../db/database';\nexport type Probe = Database;\n";
    expect((await complaints('server/src/services/probe.ts', elsewhere)).join('\n')).toContain('from db/connection.ts, their one home');
    const home = "import type { Database } from '../db/connection';\nexport type Probe = Database;\n";
    expect(await complaints('server/src/services/probe.ts', home)).toEqual([]);
  });

  it('reads configuration only in env.ts (issue 50: the guards plant every rule the doc states)', async () => {
    const read = 'export const port = process.env.PORT;\n';
    expect((await complaints('server/src/services/probe.ts', read)).join('\n')).toContain('Read configuration through server/src/env.ts');
    expect((await complaints('server/src/routes/admin/probe.ts', read)).join('\n')).toContain(
      'Read configuration through server/src/env.ts',
    );
    expect((await complaints('server/src/env.ts', `${read}export const parseEnv = () => port;\n`)).join('\n')).not.toContain(
      'Read configuration through',
    );
  });

  it('keeps the web layers one way: shared code imports no feature or page, a feature no page and no other feature', async () => {
    const intoFeature = "import { AdminApp } from '../features/admin/app/admin-app';\nexport const probe = AdminApp;\n";
    expect((await complaints('web/src/components/probe.ts', intoFeature)).join('\n')).toContain('is shared by every page and feature');
    const intoApp = "import { paths } from '../../../app/paths';\nexport const probe = paths;\n";
    expect((await complaints('web/src/features/admin/pages/probe.ts', intoApp)).join('\n')).toContain(
      'A feature imports components/ui, lib, config and the contract',
    );
    const intoEntry = "import '../entry-client';\nexport const probe = 1;\n";
    expect((await complaints('web/src/app/probe.ts', intoEntry)).join('\n')).toContain('app/ is what a page is made of');
    const intoOtherFeature = "import { SignupForm } from '../../waitlist/signup-form';\nexport const probe = SignupForm;\n";
    expect((await complaints('web/src/features/admin/pages/probe.ts', intoOtherFeature)).join('\n')).toContain(
      'never app/, an entry or another feature',
    );
    expect(
      await complaints(
        'web/src/features/admin/pages/probe.ts',
        "import { Button } from '../../../components/ui/button';\nexport const probe = Button;\n",
      ),
    ).toEqual([]);
  });

  it('keeps a function to 80 lines of its own (issue 50 item 3): nested functions, comments and blank lines apart', async () => {
    const statements = (count: number, indent = '  ') => Array.from({ length: count }, (_, i) => `${indent}void ${i};`).join('\n');
    const long = `export function probe() {\n${statements(79)}\n}\n`;
    expect((await complaints('server/src/lib/probe.ts', long)).join('\n')).toContain('probe holds 81 lines of its own (at most 80)');
    expect((await complaints('web/src/features/admin/pages/probe.tsx', long)).join('\n')).toContain('size/function-length');
    // A factory is measured by its own lines; each function it holds by its own.
    const factory = `export function probe() {\n  const one = () => {\n${statements(60, '    ')}\n  };\n  const two = () => {\n${statements(60, '    ')}\n  };\n  return { one, two };\n}\n`;
    expect(await complaints('server/src/lib/probe.ts', factory)).toEqual([]);
    // Comments and blank lines are not code.
    const documented = `export function probe() {\n${Array.from({ length: 40 }, (_, i) => `  // why ${i}\n\n  void ${i};`).join('\n')}\n}\n`;
    expect(await complaints('server/src/lib/probe.ts', documented)).toEqual([]);
    // A test reads as a story of steps.
    expect(await complaints('server/src/lib/probe.test.ts', long)).toEqual([]);
  });

  it('keeps source files under 300 lines, and lets a test be longer', async () => {
    const long = `${Array.from({ length: 301 }, (_, i) => `export const line${i} = ${i};`).join('\n')}\n`;
    expect((await complaints('server/src/lib/probe.ts', long)).join('\n')).toContain('max-lines');
    expect((await complaints('server/src/lib/probe.test.ts', long)).join('\n')).not.toContain('max-lines');
  });
});
