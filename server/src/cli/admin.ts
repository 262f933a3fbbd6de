import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { OPERATOR_ROLES, isValidEmail, normalizeEmail, type OperatorRole } from '@waitlist/contract';
import { CLI_BUSY_TIMEOUT_MS, openDatabase, type Database } from '../db/connection';
import { migrateDatabase } from '../db/migrations';
import { createStores } from '../db/stores';
import { createServices } from '../services';
import { ImportRefused, describeImport } from '../services/imports';
import { TeamRuleError } from '../services/team';
import { passwordProblem } from '../lib/passwords';
import { terminalProgress } from '../lib/progress';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  add EMAIL [--role owner|member|viewer] [--password-stdin]
                                 create an operator (default role: owner); asks for the password (hidden), or reads
                                 it from stdin
  list                           list operators with their role and second factors
  remove EMAIL                   remove an operator and end their sessions
  reset-2fa EMAIL                turn off an operator's second factors (authenticator app, recovery codes, passkeys)
                                 and end their sessions: for an owner who lost their phone
  import FILE.csv [--dry-run] [--source NAME] [--confirm-by-mail]
                                 import an existing list (columns by header: email, role, company_size,
                                 desired_outcomes separated by ";", created_at, locale); --dry-run counts what is new,
                                 already on the list and invalid without storing; --confirm-by-mail queues each new
                                 person's confirmation mail at the bulk pace

Uses DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default ./data), like the server.
Passwords: at least 12 characters.`;

/** Exit codes: 0 done, 1 refused (exists, not found, weak password), 2 usage, 3 database or other failure. */
export const EXIT = { ok: 0, refused: 1, usage: 2, failure: 3 } as const;

export interface CliIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable;
  /** Progress of long work goes here, and only when it is a terminal. */
  stderr: Writable & { isTTY?: boolean };
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads one line from a terminal without echoing it. */
function promptHidden(question: string, io: CliIo): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin } = io;
    io.stderr.write(question);
    let value = '';
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.off('data', onData);
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(io: CliIo, fromStdin: boolean): Promise<string | { error: string }> {
  if (fromStdin) {
    // One password per run: the first line, without its line ending.
    return (await readAll(io.stdin)).split(/\r?\n/)[0] ?? '';
  }
  if (!io.stdin.isTTY) return { error: 'No terminal to ask for the password: pipe it in with --password-stdin.' };
  const first = await promptHidden('Password (at least 12 characters): ', io);
  const problem = passwordProblem(first);
  if (problem) return { error: problem };
  const second = await promptHidden('Repeat the password: ', io);
  if (first !== second) return { error: 'The passwords do not match.' };
  return first;
}

/** Where the operators live: the server's own database settings (DATABASE_URL, DATA_DIR), and its WEBHOOK_URL. */
export interface CliDatabaseSettings {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** WEBHOOK_URL: people imported are announced (`signup.created`) as the server would announce them. */
  webhookEndpoints?: readonly string[];
  /**
   * The erasure ledger the server writes (io/erasure-ledger.ts, ERASURE_LEDGER or its default): an import skips everyone
   * it names, as the console's import does. Required, so no door into the list can be built without it.
   */
  erasureLedgerFile: string;
}

/** The server's stores and services over `database`, as the CLI uses them (the same rules as the console). */
function toolsFor(database: Database, settings: CliDatabaseSettings) {
  const stores = createStores(database, { sessionIdleMs: 3_600_000, sessionMaxMs: 3_600_000 });
  return {
    stores,
    services: createServices(database, stores, {
      batchWindowMs: 0,
      webhookEndpoints: settings.webhookEndpoints ?? [],
      erasureLedgerFile: settings.erasureLedgerFile,
    }),
  };
}

/** `npm run admin -- …`: manages operators in the database the server uses. Returns the exit code. */
export async function runAdminCli(argv: string[], settings: CliDatabaseSettings, io: CliIo): Promise<number> {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  const fail = (line: string, code: number) => {
    io.stderr.write(`${line}\n`);
    return code;
  };
  // `--role member` and `--role=member` both work; so do `--source NAME` and `--source=NAME`.
  const valueOf = (name: string, list: string[]) => {
    const at = list.findIndex((a) => a === name);
    const value = at >= 0 ? list[at + 1] : list.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
    const rest = at >= 0 ? list.filter((_, i) => i !== at && i !== at + 1) : list.filter((a) => !a.startsWith(`${name}=`));
    return { value, rest };
  };
  const { value: roleValue, rest: withoutRole } = valueOf('--role', argv);
  const { value: sourceValue, rest: rest0 } = valueOf('--source', withoutRole);
  const flags = rest0.filter((a) => a.startsWith('--'));
  const args = rest0.filter((a) => !a.startsWith('--'));
  const [command, ...rest] = args;

  if (!command || command === 'help' || flags.includes('--help')) {
    say(USAGE);
    return command || flags.includes('--help') ? EXIT.ok : EXIT.usage;
  }
  const unknownFlag = flags.find(
    (f) => f !== '--password-stdin' && !(command === 'import' && ['--dry-run', '--confirm-by-mail'].includes(f)),
  );
  if (unknownFlag) return fail(`Unknown option ${unknownFlag}\n\n${USAGE}`, EXIT.usage);
  if (!['add', 'list', 'remove', 'reset-2fa', 'import'].includes(command))
    return fail(`Unknown command "${command}"\n\n${USAGE}`, EXIT.usage);
  if (command === 'import') return runImport(rest, flags, sourceValue, settings, io);
  if (roleValue !== undefined && command !== 'add') return fail('--role only goes with "add"', EXIT.usage);
  const role = roleValue ?? 'owner';
  if (!(OPERATOR_ROLES as readonly string[]).includes(role))
    return fail(`--role must be owner, member or viewer, not "${role}"`, EXIT.usage);
  const wantsEmail = command !== 'list';
  if (rest.length !== (wantsEmail ? 1 : 0))
    return fail(`"${command}" takes ${wantsEmail ? 'one e-mail address' : 'no arguments'}\n\n${USAGE}`, EXIT.usage);
  if (flags.includes('--password-stdin') && command !== 'add') return fail('--password-stdin only goes with "add"', EXIT.usage);
  const email = rest[0] ? normalizeEmail(rest[0]) : '';
  if (wantsEmail && !isValidEmail(email)) return fail(`"${rest[0]}" is not a valid e-mail address`, EXIT.usage);

  let password = '';
  if (command === 'add') {
    const read = await readPassword(io, flags.includes('--password-stdin'));
    if (typeof read !== 'string') return fail(read.error, EXIT.refused);
    const problem = passwordProblem(read);
    if (problem) return fail(problem, EXIT.refused);
    password = read;
  }

  const database = openDatabase({ ...settings, poolSize: 2, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    await migrateDatabase(database);
    const { stores, services } = toolsFor(database, settings);
    const operatorId = async () => (await stores.operatorAccounts.list()).find((op) => op.email === email)?.id;
    switch (command) {
      case 'add': {
        const operator = await services.team.add('cli', email, password, role as OperatorRole);
        say(`Operator ${operator.email} (${operator.role}) added (id ${operator.id}) in ${database.description}. Sign in at /admin.`);
        return EXIT.ok;
      }
      case 'list': {
        const team = await stores.operatorAccounts.team();
        if (team.length === 0) say(`No operators yet in ${database.description}. Add one: npm run admin -- add EMAIL`);
        for (const op of team) {
          const factors = [
            op.totp ? 'authenticator app' : '',
            op.passkeys ? `${op.passkeys} passkey${op.passkeys === 1 ? '' : 's'}` : '',
          ].filter(Boolean);
          say(`${op.id}\t${op.email}\t${op.role}\t${factors.join(', ') || 'password only'}\t${op.created_at}`);
        }
        if (team.length > 0 && !team.some((op) => op.role === 'owner'))
          say('No owner: add one with npm run admin -- add EMAIL --role owner');
        return EXIT.ok;
      }
      case 'reset-2fa': {
        const id = await operatorId();
        if (id === undefined) return fail(`No operator ${email} in ${database.description}`, EXIT.refused);
        await services.team.resetSecondFactor('cli', id);
        say(`The second factors of ${email} are off and their sessions have ended: they sign in with their password and set up a new one.`);
        return EXIT.ok;
      }
      default: {
        const id = await operatorId();
        if (id === undefined) return fail(`No operator ${email} in ${database.description}`, EXIT.refused);
        await services.team.remove('cli', id);
        say(`Operator ${email} removed; their sessions have ended.`);
        return EXIT.ok;
      }
    }
  } catch (error) {
    if (error instanceof TeamRuleError) {
      // The console's rules, worded for the command line.
      if (error.code === 'last-owner')
        return fail(`${email} is the last owner: add another owner first (npm run admin -- add EMAIL --role owner)`, EXIT.refused);
      return fail(error.message, EXIT.refused);
    }
    return fail(`Failed: ${error instanceof Error ? error.message : String(error)} (database: ${database.description})`, EXIT.failure);
  } finally {
    await database.close();
  }
}

/** `npm run admin -- import FILE.csv [--dry-run] [--source NAME] [--confirm-by-mail]` (services/imports.ts). */
async function runImport(
  args: string[],
  flags: string[],
  source: string | undefined,
  settings: CliDatabaseSettings,
  io: CliIo,
): Promise<number> {
  if (args.length !== 1) {
    io.stderr.write(`"import" takes one CSV file\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  let text: string;
  try {
    text = await fs.promises.readFile(args[0]!, 'utf8');
  } catch (error) {
    io.stderr.write(`Cannot read ${args[0]}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.refused;
  }
  const database = openDatabase({ ...settings, poolSize: 2, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    await migrateDatabase(database);
    const progress = terminalProgress(io.stderr, io.stderr.isTTY === true, { label: 'Importing', unit: 'rows' });
    const report = await toolsFor(database, settings).services.imports.run(text, {
      dryRun: flags.includes('--dry-run'),
      source: (source ?? path.basename(args[0]!).replace(/\.csv$/i, '')).slice(0, 100),
      confirmByMail: flags.includes('--confirm-by-mail'),
      operatorId: null,
      onProgress: (done, total) => progress.update(done, total),
    });
    for (const line of describeImport(report)) io.stdout.write(`${line}\n`);
    io.stdout.write(
      fs.existsSync(settings.erasureLedgerFile)
        ? `Checked against the erasure ledger ${settings.erasureLedgerFile}: ${report.erased} erased at their request skipped.\n`
        : `No erasure ledger at ${settings.erasureLedgerFile} yet: nobody has been erased since it was set (ERASURE_LEDGER).\n`,
    );
    return EXIT.ok;
  } catch (error) {
    io.stderr.write(
      `Import ${error instanceof ImportRefused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return error instanceof ImportRefused ? EXIT.refused : EXIT.failure;
  } finally {
    await database.close();
  }
}
