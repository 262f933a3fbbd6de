import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminBulkEraseSchema,
  adminCorrectionSchema,
  adminListQuerySchema,
  adminSignupPageSchema,
  adminSignupParamsSchema,
  adminSignupSchema,
  adminStatsSchema,
  type AdminFilters,
  type AdminSignup,
  type AdminListQuery,
} from '@waitlist/contract';
import type { Database } from '../../db/connection';
import { auditLogs } from '../../db/stores/audit-logs';
import { InvalidCursorError, type SignupListing } from '../../db/stores/signup-listing';
import type { SignupStore } from '../../db/stores/signups';
import { toConsoleSignup } from '../../services/signup-views';
import type { SignupService } from '../../services/signups';
import { HttpError } from '../../http/http-error';
import { httpErrorOf } from '../../http/write-errors';
import { csvRecord, type CsvValue } from '../../lib/csv';
import type { InvitationRow, InvitationStore } from '../../db/stores/invitations';
import type { PartnerCodeStore } from '../../db/stores/partner-codes';
import { signedInOperator } from './guards';

export interface SignupRoutesOptions {
  database: Database;
  signups: SignupService;
  store: SignupStore;
  listing: SignupListing;
  /** The CSV export's invitation columns. */
  invitations: InvitationStore;
  /** The CSV export's partner code column. */
  partnerCodes: PartnerCodeStore;
}

const CSV_COLUMNS = [
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

/**
 * A row of the CSV export (the console's view of the sign-up, the label of the partner code they joined with, their
 * invitation), in the order of CSV_COLUMNS.
 */
function csvLineOf(signup: AdminSignup, partnerCode: string | undefined, invitation: InvitationRow | undefined): string {
  const value = (column: (typeof CSV_COLUMNS)[number]): CsvValue => {
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
  return csvRecord(CSV_COLUMNS.map(value));
}

/** Rows read per statement by the export (the keyset of signup-listing.ts: each batch one index range). */
const EXPORT_BATCH = 500;
/**
 * The export is compressed quickly rather than tightly: at the default levels, compressing a million rows of CSV took
 * longer than reading and writing them (measured with `npm run bench:console`); CSV still shrinks about 7 times.
 */
const EXPORT_COMPRESSION = { brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 } };

const notFound = () => new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No sign-up with this id (it may have been erased)');

const filtersOf = ({ cursor: _cursor, limit: _limit, ...filters }: AdminListQuery): AdminFilters => filters;
const filterNames = (filters: AdminFilters) =>
  Object.entries(filters)
    .filter(([k, v]) => k !== 'sort' && v !== undefined)
    .map(([k]) => k);

/** /signups and /stats: find, export, read, correct and erase sign-ups; every export, correction and erasure is audited. */
export async function signupRoutes(parent: FastifyInstance, options: SignupRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, signups, store, listing } = options;
  const findConsoleSignup = async (id: number) => {
    const row = await store.find(database.db, id);
    return row && toConsoleSignup(row);
  };
  const byId = { params: adminSignupParamsSchema };

  app.get(
    '/signups',
    { schema: { querystring: adminListQuerySchema, response: { 200: adminSignupPageSchema } }, config: { role: 'viewer' } },
    async (request) => {
      try {
        const page = await listing.list(filtersOf(request.query), request.query.cursor, request.query.limit);
        return { ...page, items: page.items.map(toConsoleSignup) };
      } catch (error) {
        if (error instanceof InvalidCursorError) {
          throw new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, 'cursor: not a cursor this API gave out; start again without it');
        }
        throw error;
      }
    },
  );

  app.get(
    '/signups/export.csv',
    {
      schema: { querystring: adminListQuerySchema },
      compress: EXPORT_COMPRESSION,
      config: { role: 'owner', audit: 'signups.export', auditedInTransaction: true },
    },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      const { operatorId } = signedInOperator(request);
      await auditLogs.operator(database.db, { action: 'signups.export', operatorId, signupId: null, fields: filterNames(filters) });
      request.log.info({ operatorId, filters: filterNames(filters) }, 'admin exported sign-ups as CSV');
      // RFC 4180 (CRLF, quotes doubled), UTF-8 with BOM so spreadsheets pick the encoding; formulas neutralised. One piece
      // of CSV text per batch of rows (a stream step per row cost more than reading the rows).
      const csv = Readable.from(
        (async function* () {
          yield `\ufeff${CSV_COLUMNS.join(',')}\r\n`;
          for await (const batch of listing.stream(filters, EXPORT_BATCH)) {
            const invitations = await options.invitations.byPeople(
              database.db,
              batch.map((row) => row.id),
            );
            const partnerCodes = await options.partnerCodes.labels(
              database.db,
              batch.flatMap((row) => (row.partner_code_id === null ? [] : [row.partner_code_id])),
            );
            let text = '';
            for (const row of batch) {
              const partnerCode = row.partner_code_id === null ? undefined : partnerCodes.get(row.partner_code_id);
              text += csvLineOf(toConsoleSignup(row), partnerCode, invitations.get(row.id));
            }
            yield text;
          }
        })(),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="waitlist-signups-${day}.csv"`)
        .send(csv);
    },
  );

  app.get('/signups/:id', { schema: { ...byId, response: { 200: adminSignupSchema } }, config: { role: 'viewer' } }, async (request) => {
    const signup = await findConsoleSignup(request.params.id);
    if (!signup) throw notFound();
    return signup;
  });

  // The privacy page's right of access: one person's data as a JSON file.
  app.get(
    '/signups/:id/export.json',
    { schema: byId, config: { role: 'owner', audit: 'signup.export', auditedInTransaction: true } },
    async (request, reply) => {
      const { id } = request.params;
      const signup = await findConsoleSignup(id);
      if (!signup) throw notFound();
      const { operatorId } = signedInOperator(request);
      await auditLogs.operator(database.db, { action: 'signup.export', operatorId, signupId: id });
      request.log.info({ operatorId, signupId: id }, 'admin exported one sign-up as JSON');
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="waitlist-signup-${id}.json"`)
        .send(JSON.stringify(signup, null, 2));
    },
  );

  app.patch(
    '/signups/:id',
    {
      bodyLimit: 16 * 1024,
      schema: { ...byId, body: adminCorrectionSchema, response: { 200: adminSignupSchema } },
      config: { role: 'member', audit: 'signup.correct', auditedInTransaction: true },
    },
    async (request) => {
      const { id } = request.params;
      const { operatorId } = signedInOperator(request);
      const result = await signups.correct(id, request.body, { kind: 'operator', operatorId }).catch((error: unknown) => {
        throw httpErrorOf(error, { duplicateHint: 'Another sign-up already uses this e-mail.' }) ?? error;
      });
      if (!result) throw notFound();
      request.log.info({ operatorId, signupId: id, fields: result.changed }, 'admin corrected a sign-up');
      return toConsoleSignup(result.row);
    },
  );

  app.delete(
    '/signups/:id',
    { schema: byId, config: { role: 'owner', audit: 'signup.erase', auditedInTransaction: true } },
    async (request, reply) => {
      const { id } = request.params;
      const { operatorId } = signedInOperator(request);
      if (!(await signups.erase(id, { kind: 'operator', operatorId }))) throw notFound();
      request.log.info({ operatorId, signupId: id }, 'admin erased a sign-up');
      return reply.code(204).send();
    },
  );

  // The review queue: erase a selection at once (each person in their own transaction, each audited).
  app.post(
    '/signups/erase',
    { schema: { body: adminBulkEraseSchema }, config: { role: 'owner', audit: 'signup.erase', auditedInTransaction: true } },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      const erased: number[] = [];
      const missing: number[] = [];
      for (const id of [...new Set(request.body.ids)]) {
        if (await signups.erase(id, { kind: 'operator', operatorId })) erased.push(id);
        else missing.push(id);
      }
      request.log.info({ operatorId, erased: erased.length, missing: missing.length }, 'admin erased a selection of sign-ups');
      return { erased, missing };
    },
  );

  app.get('/stats', { schema: { response: { 200: adminStatsSchema } }, config: { role: 'viewer' } }, async () => listing.stats());
}
