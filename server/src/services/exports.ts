import { ATTRIBUTION_FIELDS, type AdminAuditQuery, type AdminFilters, type AdminSignup, type SignupAnswer } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { InvitationRow } from '../db/stores/invitations';
import type { ListPosition } from '../db/stores/signup-listing';
import { maskEmail } from '../lib/mask-email';
import { AddressSearchRefused, ReadBudgetSpent, readBy, type Reader } from './readers';
import { csvRecord, type CsvValue } from '../lib/csv';
import { DEFAULT_FIT, toConsoleSignup, type FitNow } from './signup-views';
import { MAIL_TOPICS } from './signup-events';
import type { UseCases } from './use-case';

/**
 * What leaves the console: the list as CSV, one person's data as JSON (the privacy page's right of access), the audit
 * trail as CSV, and every page of the list and person page the console shows (issue 34: reads are recorded too). Each
 * is recorded in the audit trail (use-case.ts), a file before its first byte goes; the rows are read a batch at a time,
 * so a million rows take no more memory than a thousand.
 */

const SIGNUP_COLUMNS = [
  'id',
  'email',
  'role',
  'company_size',
  'desired_outcomes',
  'other_outcome',
  'created_at',
  'consented_at',
  'privacy_policy_version',
  'status',
  'confirmed_at',
  'marketing_opt_out_at',
  'company_domain',
  'free_mail',
  ...ATTRIBUTION_FIELDS,
  'partner_code',
  'flags',
  'wave',
  'invited_at',
  'accepted_at',
  'redeemed_at',
  'fit_score',
  'fit_reasons',
  'meeting_at',
  'answers',
] as const;

const AUDIT_COLUMNS = ['at', 'operator_id', 'operator_email', 'action', 'outcome', 'signup_id', 'target', 'detail'] as const;

/** Rows read per statement by the export (the keyset of signup-listing.ts: each batch one index range). */
const EXPORT_BATCH = 500;

/**
 * A row of the CSV export (the console's view of the sign-up, the label of the partner code they joined with, their
 * invitation), in the order of SIGNUP_COLUMNS.
 */
function csvLineOf(signup: AdminSignup, partnerCode: string | undefined, invitation: InvitationRow | undefined): string {
  const value = (column: (typeof SIGNUP_COLUMNS)[number]): CsvValue => {
    switch (column) {
      case 'partner_code':
        return partnerCode;
      case 'desired_outcomes':
        return signup.desired_outcomes?.join('; ');
      case 'free_mail':
        return signup.free_mail ? 'true' : 'false';
      case 'flags':
        return signup.flags.join('; ');
      case 'wave':
        return invitation?.waveName;
      case 'invited_at':
        return invitation?.invitedAt;
      case 'accepted_at':
        return invitation?.acceptedAt;
      case 'redeemed_at':
        return invitation?.redeemedAt;
      case 'fit_reasons':
        return signup.fit_reasons.join('; ');
      case 'answers':
        return (signup.answers ?? []).map((a) => `${a.question}: ${a.answer}`).join('; ');
      default:
        return signup[column];
    }
  };
  return csvRecord(SIGNUP_COLUMNS.map(value));
}

/** The names of the filters an export used (what the audit trail keeps of them: never their values). */
const filterNames = (filters: AdminFilters) =>
  Object.entries(filters)
    .filter(([k, v]) => k !== 'sort' && v !== undefined)
    .map(([k]) => k);

export interface ExportDeps {
  database: Database;
  stores: Pick<
    Stores,
    'signups' | 'signupListing' | 'invitations' | 'partnerCodes' | 'auditTrail' | 'signInThrottle' | 'operatorAccounts' | 'meetings'
  >;
  useCases: UseCases;
  /** ADMIN_READ_BUDGET_PER_HOUR: people one operator may read an hour (null: no budget). */
  readBudgetPerHour?: number | null;
  /** The fit score's weights in force (the reasons shown beside each score). */
  fit?: () => FitNow;
  /** People's answers to the questions after confirming, in English words (services/questions.ts). */
  answersOf?: (signupIds: readonly number[]) => Promise<Map<number, SignupAnswer[]>>;
}

const HOUR_MS = 60 * 60 * 1000;

const asSeenBy = (reader: Reader, signup: AdminSignup): AdminSignup =>
  reader.seesAddresses ? signup : { ...signup, email: maskEmail(signup.email) };

export function createExports({
  database,
  stores,
  useCases,
  readBudgetPerHour = null,
  fit = () => DEFAULT_FIT,
  answersOf = async () => new Map(),
}: ExportDeps) {
  const { db } = database;

  /**
   * Counts `people` read by the operator this hour. Past the budget the read is refused (and recorded so); the read
   * that spends the budget is the last one served, and it mails the owners once.
   */
  async function spendReadBudget(reader: Reader, people: number, action: string): Promise<void> {
    if (readBudgetPerHour === null) return;
    const budgetKey = reader.apiKey ? `api-key:${reader.apiKey.id}` : String(reader.operatorId);
    const { current, ttlMs } = await stores.signInThrottle.countPeopleRead(budgetKey, Math.max(people, 1), HOUR_MS);
    const before = current - Math.max(people, 1);
    if (before >= readBudgetPerHour) {
      await useCases.record({ action, signupId: null, outcome: 'refused', ...readBy(reader, 'read budget spent') });
      throw new ReadBudgetSpent(readBudgetPerHour, ttlMs);
    }
    if (current < readBudgetPerHour) return;
    const owners = (await stores.operatorAccounts.list()).filter((o) => o.role === 'owner' && o.id !== reader.operatorId);
    await useCases.run(async (change) => {
      await change.audit({
        action: 'reads.budget',
        outcome: 'refused',
        ...readBy(reader, `${current} people read within an hour (budget ${readBudgetPerHour})`),
      });
      await change.mail(
        owners.map((owner) => ({
          signupId: null,
          topic: MAIL_TOPICS.operatorReadBudget,
          payload: {
            operatorId: owner.id,
            readerId: reader.operatorId,
            ...(reader.apiKey ? { readerName: `the API key “${reader.apiKey.name}”` } : {}),
            people: current,
            budget: readBudgetPerHour,
          },
          at: change.at,
        })),
      );
    });
  }

  return {
    /** Counts `people` read by `reader` this hour under `action`, refusing past the budget (document requests use it). */
    spendReadBudget,
    /**
     * The list (with `filters`) as CSV text, a piece per batch of rows: RFC 4180 (CRLF, quotes doubled), UTF-8 with
     * a BOM so spreadsheets pick the encoding, formulas neutralised (lib/csv.ts).
     */
    async signupsCsv(filters: AdminFilters, operatorId: number): Promise<AsyncIterable<string>> {
      await useCases.record({ action: 'signups.export', operatorId, signupId: null, fields: filterNames(filters) });
      return (async function* () {
        yield `\ufeff${SIGNUP_COLUMNS.join(',')}\r\n`;
        for await (const batch of stores.signupListing.stream(filters, EXPORT_BATCH)) {
          const invitations = await stores.invitations.byPeople(
            db,
            batch.map((row) => row.id),
          );
          const partnerCodes = await stores.partnerCodes.labels(
            db,
            batch.flatMap((row) => (row.partner_code_id === null ? [] : [row.partner_code_id])),
          );
          const answers = await answersOf(batch.map((row) => row.id));
          let text = '';
          for (const row of batch) {
            const partnerCode = row.partner_code_id === null ? undefined : partnerCodes.get(row.partner_code_id);
            const signup = toConsoleSignup(row, fit(), answers.get(row.id) ?? []);
            text += csvLineOf(signup, partnerCode, invitations.get(row.id));
          }
          yield text;
        }
      })();
    },

    /** One person's data (undefined: no such sign-up, and nothing recorded but the attempt's failure). */
    async person(id: number, operatorId: number): Promise<AdminSignup | undefined> {
      const row = await stores.signups.find(db, id);
      await useCases.record({
        action: 'signup.export',
        operatorId,
        signupId: id,
        ...(row ? {} : { outcome: 'failed', detail: 'not found' }),
      });
      return row && toConsoleSignup(row, fit());
    },

    /**
     * A page of the list as the console reads it, recorded: who asked for which filters and how many people it showed
     * (a viewer paging through every address leaves a line per page, as an export does).
     */
    async page(filters: AdminFilters, from: ListPosition, limit: number | undefined, reader: Reader) {
      // A search matches addresses: one who sees them masked could recover one a character at a time (issue 47 item 3).
      if (filters.q?.trim() && !reader.seesAddresses) {
        await useCases.record({ action: 'signups.read', signupId: null, outcome: 'refused', ...readBy(reader, 'search by address') });
        throw new AddressSearchRefused();
      }
      const page = await stores.signupListing.list(filters, from, limit);
      await spendReadBudget(reader, page.items.length, 'signups.read');
      const answers = await answersOf(page.items.map((row) => row.id));
      const items = page.items.map((row) => asSeenBy(reader, toConsoleSignup(row, fit(), answers.get(row.id) ?? [])));
      await useCases.record({
        action: 'signups.read',
        signupId: null,
        fields: filterNames(filters),
        ...readBy(
          reader,
          `${items.length} ${items.length === 1 ? 'person' : 'people'}${from.cursor || (from.page ?? 1) > 1 ? ', a later page' : ''}`,
        ),
      });
      return { ...page, items };
    },

    /** The calls booked through the booking link to come (and those begun within the hour), soonest first; recorded. */
    async upcomingMeetings(reader: Reader, at: Date): Promise<AdminSignup[]> {
      const rows = await stores.meetings.upcoming(new Date(at.getTime() - HOUR_MS), 100);
      await spendReadBudget(reader, rows.length, 'meetings.read');
      await useCases.record({ action: 'meetings.read', signupId: null, ...readBy(reader, `${rows.length} upcoming`) });
      const unreferenced = await stores.meetings.unreferencedAmong(rows.map((row) => row.id));
      return rows.map((row) =>
        asSeenBy(reader, { ...toConsoleSignup(row, fit()), ...(unreferenced.has(row.id) ? { meeting_unreferenced: true } : {}) }),
      );
    },

    /** One person as the console's person page reads them, recorded. */
    async one(id: number, reader: Reader): Promise<AdminSignup | undefined> {
      await spendReadBudget(reader, 1, 'signup.read');
      const row = await stores.signups.get(id);
      await useCases.record({
        action: 'signup.read',
        signupId: id,
        ...(row ? readBy(reader) : { outcome: 'failed', ...readBy(reader, 'not found') }),
      });
      if (!row) return undefined;
      const answers = (await answersOf([id])).get(id) ?? [];
      const unreferenced = row.meeting_at !== null && (await stores.meetings.unreferencedAmong([id])).has(id);
      return asSeenBy(reader, { ...toConsoleSignup(row, fit(), answers), ...(unreferenced ? { meeting_unreferenced: true } : {}) });
    },

    /** The audit trail (with `filters`) as CSV, itself an action in the trail. */
    async auditCsv(filters: Omit<AdminAuditQuery, 'cursor'>, operatorId: number): Promise<AsyncIterable<string>> {
      await useCases.record({ action: 'audit.export', operatorId, target: 'audit' });
      return (async function* () {
        yield `\ufeff${AUDIT_COLUMNS.join(',')}\r\n`;
        for await (const batch of stores.auditTrail.stream(filters)) {
          let text = '';
          for (const entry of batch) text += csvRecord(AUDIT_COLUMNS.map((c) => entry[c]));
          yield text;
        }
      })();
    },
  };
}

export type Exports = ReturnType<typeof createExports>;
