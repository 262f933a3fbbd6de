import { parse } from 'csv-parse/sync';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  ROLE_OPTIONS,
  answersUnknown,
  isValidEmail,
  normalizeEmail,
  attributionColumns,
  type SiteLocale,
} from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { NewSignupRow } from '../db/stores/signups';
import { companyOf } from '../lib/company';
import type { ErasureLedger } from '../io/erasure-ledger';
import type { SignupService } from './signups';
import type { UseCases } from './use-case';
import type { CountFold } from './count-fold';

/**
 * Importing an existing list (docs/decisions/0023): a CSV with a header row, its columns found by name (with the common
 * names of Mailchimp, getwaitlist and spreadsheet exports). A dry run counts what is new, already on the list (the
 * address compared without case or spaces) and invalid (with each line's number and reason); the import stores the new
 * ones attributed to the source, unconfirmed, in batches that never hold the sign-up path for long, and with
 * `confirmByMail` queues each one's confirmation (the re-permission mail) in the bulk lane. Running it again adds nothing.
 */
export interface ImportReport {
  dryRun: boolean;
  source: string;
  rows: number;
  new: number;
  existing: number;
  /** People the erasure ledger says asked to be erased: never brought back, never mailed. */
  erased: number;
  duplicatesInFile: number;
  /** Of the new ones, how many come without one or more answers: stored as not known, asked for in their mail and page. */
  answersUnknown: number;
  invalid: { line: number; reason: string }[];
  imported: number;
  confirmationsQueued: number;
}

export class ImportRefused extends Error {}

const COLUMN_ALIASES: Record<'email' | 'role' | 'company_size' | 'desired_outcomes' | 'created_at' | 'locale', string[]> = {
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'emailaddress', 'mail', 'e-post', 'epost'],
  role: ['role', 'job title', 'title', 'position', 'roll', 'befattning'],
  company_size: ['company_size', 'company size', 'companysize', 'employees', 'size', 'number of employees', 'företagsstorlek'],
  desired_outcomes: ['desired_outcomes', 'desired outcomes', 'outcomes', 'interests', 'goals'],
  created_at: [
    'created_at',
    'created',
    'signed up',
    'signed_up_at',
    'signup date',
    'date added',
    'optin_time',
    'confirm_time',
    'timestamp',
    'joined',
    'date',
  ],
  locale: ['locale', 'language', 'lang', 'språk'],
};
const simplify = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const byLabel = (options: readonly string[]) => new Map(options.map((o) => [simplify(o), o]));
const ROLES = byLabel(ROLE_OPTIONS);
const SIZES = byLabel(COMPANY_SIZE_OPTIONS);
const OUTCOMES = byLabel(DESIRED_OUTCOME_OPTIONS);
/** "1000+", "51-200": the company size without its " employees". */
const sizeOf = (value: string) => SIZES.get(simplify(value)) ?? SIZES.get(`${simplify(value)} employees`);
const localeOf = (value: string): SiteLocale | null =>
  value.trim() === ''
    ? 'en'
    : /^(sv|sv[-_].*|swedish|svenska)$/i.test(value.trim())
      ? 'sv'
      : /^(en|en[-_].*|english|engelska)$/i.test(value.trim())
        ? 'en'
        : null;

/** Rows a transaction: a few tens of milliseconds of SQLite's one writer. */
const BATCH = 500;
/**
 * Between two batches the import lets the server's sign-ups in (the database's `bulkWritePauseMs`: on SQLite one
 * writer that commits back to back starves another process's writers, whose busy handler sleeps and misses the short
 * gaps; measured: waits of 2.8 s without it).
 */
const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export interface ImportDeps {
  database: Database;
  stores: Pick<Stores, 'signups' | 'signupListing'>;
  signups: SignupService;
  useCases: UseCases;
  /** The fold of the kept counts: an import folds its own rows (services/count-fold.ts). */
  fold: CountFold;
  /** The erasure ledger (io/erasure-ledger.ts): who asked to be erased. */
  ledger?: Pick<ErasureLedger, 'erasedAmong'> | undefined;
  now?: () => Date;
}

/** `npm run admin -- import` and the console's Import panel: one use case, the same rules. */
export function createImports(deps: ImportDeps) {
  return {
    async run(csv: string, options: ImportOptions): Promise<ImportReport> {
      try {
        return await importSignups(deps, csv, options);
      } catch (error) {
        // A file this import cannot read: the attempt is recorded, nothing was stored.
        if (error instanceof ImportRefused) {
          await deps.useCases.record({
            action: options.operatorId === null ? 'cli.import' : 'signups.import',
            operatorId: options.operatorId,
            target: `source:${options.source}`.slice(0, 200),
            outcome: 'failed',
            detail: error.message.slice(0, 200),
          });
        }
        throw error;
      }
    },
  };
}

export type Imports = ReturnType<typeof createImports>;

export interface ImportOptions {
  dryRun: boolean;
  source: string;
  confirmByMail: boolean;
  /** Who imports: an owner in the console, or null for the command line. */
  operatorId: number | null;
  /** Told after each batch stored: rows done of the rows to store (the command line shows it on a terminal). */
  onProgress?: (done: number, total: number) => void;
}

async function importSignups(deps: ImportDeps, csv: string, options: ImportOptions): Promise<ImportReport> {
  const { database, stores } = deps;
  const now = (deps.now ?? (() => new Date()))();
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    throw new ImportRefused(`The file is not CSV this import can read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header, ...lines] = records;
  if (!header) throw new ImportRefused('The file is empty');
  const at = (names: string[]) => header.findIndex((h) => names.includes(simplify(h)));
  const column = Object.fromEntries(Object.entries(COLUMN_ALIASES).map(([key, names]) => [key, at(names)])) as Record<
    keyof typeof COLUMN_ALIASES,
    number
  >;
  if (column.email < 0) throw new ImportRefused(`No e-mail column: name one of ${COLUMN_ALIASES.email.join(', ')} in the header row`);

  const report: ImportReport = {
    dryRun: options.dryRun,
    source: options.source,
    rows: lines.length,
    new: 0,
    existing: 0,
    erased: 0,
    duplicatesInFile: 0,
    answersUnknown: 0,
    invalid: [],
    imported: 0,
    confirmationsQueued: 0,
  };
  const seen = new Set<string>();
  const candidates: NewSignupRow[] = [];
  lines.forEach((cells, index) => {
    const line = index + 2;
    const cell = (key: keyof typeof COLUMN_ALIASES) => (column[key] >= 0 ? (cells[column[key]] ?? '').trim() : '');
    const email = normalizeEmail(cell('email'));
    const invalid = (reason: string) => report.invalid.push({ line, reason });
    if (!isValidEmail(email)) return invalid(email ? 'the e-mail address is not valid' : 'no e-mail address');
    // An empty cell (or no such column: a list of addresses) is an answer not known, stored as such (null) and asked for
    // in the person's mail and on their page; a value the form does not offer is refused, so a typo is not lost.
    const role = cell('role') ? ROLES.get(simplify(cell('role'))) : null;
    if (role === undefined) return invalid(`role "${cell('role').slice(0, 60)}" is not one of the form's roles`);
    const size = cell('company_size') ? sizeOf(cell('company_size')) : null;
    if (size === undefined) return invalid(`company size "${cell('company_size').slice(0, 40)}" is not one of the form's sizes`);
    const outcomeCells = cell('desired_outcomes')
      .split(';')
      .map((o) => o.trim())
      .filter(Boolean);
    const outcomes = outcomeCells.length === 0 ? null : [...new Set(outcomeCells.map((o) => OUTCOMES.get(simplify(o))))];
    if (outcomes?.includes(undefined)) return invalid('a desired outcome is not one of the form\'s (separate several with ";")');
    const created = cell('created_at') ? new Date(cell('created_at')) : now;
    if (Number.isNaN(created.getTime()) || created.getTime() > now.getTime() + 86_400_000)
      return invalid(`the date "${cell('created_at').slice(0, 40)}" cannot be read`);
    const locale = localeOf(cell('locale'));
    if (!locale) return invalid(`language "${cell('locale').slice(0, 20)}" is neither English nor Swedish`);
    if (seen.has(email)) {
      report.duplicatesInFile += 1;
      return;
    }
    seen.add(email);
    const company = companyOf(email);
    const createdAt = created.toISOString();
    candidates.push({
      email,
      role,
      company_size: size,
      desired_outcomes: outcomes as string[] | null,
      other_outcome: null,
      // They agreed to the list they were on, not to this site's policy: the version names the import.
      consented_at: createdAt,
      privacy_policy_version: `import:${options.source}`.slice(0, 100),
      created_at: createdAt,
      confirmed_at: null,
      marketing_opt_out_at: null,
      confirmation_sent_at: null,
      locale,
      status: 'new',
      company_domain: company.domain,
      free_mail: company.freeMail,
      ...attributionColumns({ utm_source: options.source, utm_medium: 'import' }),
      flags: [],
      partner_code_id: null,
      // Scored when the kept counts fold it in (a few seconds), with the colleagues it brings.
      fit_score: 0,
    });
  });

  // Already on the list (the address compared as stored: trimmed, lower case).
  const existing = new Set<string>();
  for (let start = 0; start < candidates.length; start += BATCH) {
    for (const email of await stores.signupListing.knownEmails(candidates.slice(start, start + BATCH).map((c) => c.email)))
      existing.add(email);
  }
  report.existing = existing.size;
  // Someone erased is not brought back by a list that still holds them (the ledger outlives their row).
  const erased = (await deps.ledger?.erasedAmong(candidates.filter((c) => !existing.has(c.email)).map((c) => c.email))) ?? new Set();
  report.erased = erased.size;
  const fresh = candidates.filter((c) => !existing.has(c.email) && !erased.has(c.email));
  report.new = fresh.length;
  report.answersUnknown = fresh.filter(answersUnknown).length;
  if (options.dryRun) return report;

  const action = options.operatorId === null ? 'cli.import' : 'signups.import';
  const target = `source:${options.source}`.slice(0, 200);
  const summary = () =>
    `${report.imported} imported, ${report.existing} already on the list, ${report.erased} erased before, ${report.invalid.length} invalid${options.confirmByMail ? `, ${report.confirmationsQueued} confirmation mails queued` : ''}`;
  try {
    // One short change a batch (the sign-up service's: rows, confirmation mails, events): sign-ups arriving meanwhile
    // wait for one batch at most.
    for (let start = 0; start < fresh.length; start += BATCH) {
      const stored = await deps.signups.importBatch(fresh.slice(start, start + BATCH), { confirmByMail: options.confirmByMail });
      report.imported += stored.length;
      if (options.confirmByMail) report.confirmationsQueued += stored.length;
      options.onProgress?.(Math.min(start + BATCH, fresh.length), fresh.length);
      await pause(database.bulkWritePauseMs);
    }
    // In small transactions: a sign-up arriving meanwhile waits for one of them at most.
    await deps.fold.bulk(BATCH);
  } catch (error) {
    // What was stored so far stays (each batch committed whole): the trail says how far it got.
    await deps.useCases.record({ action, operatorId: options.operatorId, target, outcome: 'failed', detail: summary() });
    throw error;
  }
  await deps.useCases.record({ action, operatorId: options.operatorId, target, detail: summary() });
  return report;
}

/** The report in words, as the CLI prints it and the console shows it. */
export function describeImport(report: ImportReport): string[] {
  // Thousands grouped, as the progress line above them: 30,000, not 30000.
  const n = (count: number) => count.toLocaleString('en-US');
  const lines = [
    `${report.dryRun ? 'Dry run: ' : ''}${n(report.rows)} rows: ${n(report.new)} new, ${n(report.existing)} already on the list, ${report.erased ? `${n(report.erased)} erased at their request (skipped), ` : ''}${n(report.duplicatesInFile)} repeated in the file, ${n(report.invalid.length)} invalid.`,
    ...(report.answersUnknown > 0
      ? [`${n(report.answersUnknown)} of the new without answers: stored as not known; their confirmation mail and data page ask for them.`]
      : []),
    ...report.invalid.slice(0, 200).map((i) => `  line ${i.line}: ${i.reason}`),
  ];
  if (report.invalid.length > 200) lines.push(`  … and ${n(report.invalid.length - 200)} more invalid lines`);
  if (!report.dryRun) {
    lines.push(`Imported ${n(report.imported)}, attributed to "${report.source}", unconfirmed.`);
    if (report.confirmationsQueued > 0)
      lines.push(`${n(report.confirmationsQueued)} confirmation mails queued at the bulk pace (BULK_MAIL_PER_MINUTE).`);
  }
  return lines;
}
