import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { OperatorRole } from '@waitlist/contract';
import { CLI_BUSY_TIMEOUT_MS, openDatabase, type Database } from '../db/connection';
import { migrateDatabase } from '../db/migrations';
import { createStores } from '../db/stores';
import { createServices } from '../services';
import { ImportRefused, describeImport } from '../services/imports';
import { TeamRuleError } from '../services/team';
import { passwordProblem } from '../lib/passwords';
import { terminalProgress } from '../lib/progress';
import { EXIT, USAGE, parseArgs, type OperatorCommand } from './admin-args';

export { EXIT, USAGE } from './admin-args';

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
  const stores = createStores(database);
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
  const parsed = parseArgs(argv);
  if (parsed.kind === 'answer') {
    if (parsed.out) say(parsed.out);
    return parsed.err ? fail(parsed.err, parsed.code) : parsed.code;
  }
  if (parsed.kind === 'import') return runImport(parsed.rest, parsed.flags, parsed.source, settings, io);
  const { command, email, role } = parsed;
  let password = '';
  if (command === 'add') {
    const read = await readPassword(io, parsed.passwordStdin);
    if (typeof read !== 'string') return fail(read.error, EXIT.refused);
    const problem = passwordProblem(read);
    if (problem) return fail(problem, EXIT.refused);
    password = read;
  }

  const database = openDatabase({ ...settings, poolSize: 2, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    await migrateDatabase(database);
    return await operatorCommand(
      { ...toolsFor(database, settings), where: database.description, say, fail },
      { command, email, role, password },
    );
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

/** One command on the team, through the services the console uses (audited as cli.*). */
async function operatorCommand(
  tools: ReturnType<typeof toolsFor> & { where: string; say: (line: string) => void; fail: (line: string, code: number) => number },
  { command, email, role, password }: { command: OperatorCommand; email: string; role: OperatorRole; password: string },
): Promise<number> {
  const { stores, services, where, say, fail } = tools;
  const operatorId = async () => (await stores.operatorAccounts.list()).find((op) => op.email === email)?.id;
  switch (command) {
    case 'add': {
      const operator = await services.team.add('cli', email, password, role);
      say(`Operator ${operator.email} (${operator.role}) added (id ${operator.id}) in ${where}. Sign in at /admin.`);
      return EXIT.ok;
    }
    case 'list': {
      const team = await stores.operatorAccounts.team();
      if (team.length === 0) say(`No operators yet in ${where}. Add one: npm run admin -- add EMAIL`);
      for (const op of team) {
        const factors = [
          op.totp ? 'authenticator app' : '',
          op.passkeys ? `${op.passkeys} passkey${op.passkeys === 1 ? '' : 's'}` : '',
        ].filter(Boolean);
        say(`${op.id}\t${op.email}\t${op.role}\t${factors.join(', ') || 'password only'}\t${op.created_at}`);
      }
      if (team.length > 0 && !team.some((op) => op.role === 'owner')) say('No owner: add one with npm run admin -- add EMAIL --role owner');
      return EXIT.ok;
    }
    case 'reset-2fa': {
      const id = await operatorId();
      if (id === undefined) return fail(`No operator ${email} in ${where}`, EXIT.refused);
      await services.team.resetSecondFactor('cli', id);
      say(`The second factors of ${email} are off and their sessions have ended: they sign in with their password and set up a new one.`);
      return EXIT.ok;
    }
    case 'remove': {
      const id = await operatorId();
      if (id === undefined) return fail(`No operator ${email} in ${where}`, EXIT.refused);
      await services.team.remove('cli', id);
      say(`Operator ${email} removed; their sessions have ended.`);
      return EXIT.ok;
    }
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
