import type { AdminAuditQuery, AdminFilters, AdminSignup } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { InvitationRow } from '../db/stores/invitations';
import { csvRecord, type CsvValue } from '../lib/csv';
import { toConsoleSignup } from './signup-views';
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
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'referrer_origin',
  'landing_path',
  'partner_code',
  'flags',
  'wave',
  'invited_at',
  'accepted_at',
  'redeemed_at',
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
        return signup.desired_outcomes.join('; ');
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
  stores: Pick<Stores, 'signups' | 'signupListing' | 'invitations' | 'partnerCodes' | 'auditTrail'>;
  useCases: UseCases;
}

export function createExports({ database, stores, useCases }: ExportDeps) {
  const { db } = database;
  return {
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
          let text = '';
          for (const row of batch) {
            const partnerCode = row.partner_code_id === null ? undefined : partnerCodes.get(row.partner_code_id);
            text += csvLineOf(toConsoleSignup(row), partnerCode, invitations.get(row.id));
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
      return row && toConsoleSignup(row);
    },

    /**
     * A page of the list as the console reads it, recorded: who asked for which filters and how many people it showed
     * (a viewer paging through every address leaves a line per page, as an export does).
     */
    async page(filters: AdminFilters, cursor: string | undefined, limit: number | undefined, operatorId: number) {
      const page = await stores.signupListing.list(filters, cursor, limit);
      const items = page.items.map(toConsoleSignup);
      await useCases.record({
        action: 'signups.read',
        operatorId,
        signupId: null,
        fields: filterNames(filters),
        detail: `${items.length} ${items.length === 1 ? 'person' : 'people'}${cursor ? ', a later page' : ''}`,
      });
      return { ...page, items };
    },

    /** One person as the console's person page reads them, recorded. */
    async one(id: number, operatorId: number): Promise<AdminSignup | undefined> {
      const row = await stores.signups.get(id);
      await useCases.record({
        action: 'signup.read',
        operatorId,
        signupId: id,
        ...(row ? {} : { outcome: 'failed', detail: 'not found' }),
      });
      return row && toConsoleSignup(row);
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
