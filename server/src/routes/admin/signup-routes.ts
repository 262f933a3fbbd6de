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
  adminMeetingsSchema,
  adminSignupParamsSchema,
  adminSignupSchema,
  adminStatsSchema,
  type AdminFilters,
  type AdminListQuery,
  adminBulkEraseAnswerSchema,
} from '@waitlist/contract';
import { InvalidCursorError } from '../../db/stores/signup-listing';
import type { CountedReads } from '../../services/counted-reads';
import type { Exports } from '../../services/exports';
import { AddressSearchRefused, ReadBudgetSpent } from '../../services/readers';
import { tooManyRequests } from '../../http/rate-limiter';
import { toConsoleSignup } from '../../services/signup-views';
import type { SignupService } from '../../services/signups';
import { HttpError } from '../../http/http-error';
import { httpErrorOf } from '../../http/write-errors';
import { readerOf, signedInOperator } from './guards';

export interface ConsoleSignupRoutesOptions {
  signups: SignupService;
  exports: Exports;
  /** BOOKING_URL is set: the console says whether calls are offered at all. */
  bookingConfigured?: boolean;
  counted: Pick<CountedReads, 'stats'>;
}

/**
 * The export is compressed quickly rather than tightly: at the default levels, compressing a million rows of CSV took
 * longer than reading and writing them (measured with `npm run bench:console`); CSV still shrinks about 7 times.
 */
const EXPORT_COMPRESSION = { brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 } };

const notFound = () => new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No sign-up with this id (it may have been erased)');

const filtersOf = ({ cursor: _cursor, page: _page, limit: _limit, ...filters }: AdminListQuery): AdminFilters => filters;

/** A read past the operator's budget of people an hour (ADMIN_READ_BUDGET_PER_HOUR): 429 until the hour ends. */
export function readBudgetAnswer(error: unknown): never {
  if (!(error instanceof ReadBudgetSpent)) throw error;
  const minutes = Math.max(1, Math.ceil(error.retryAfterMs / 60_000));
  throw tooManyRequests(
    `You have read ${error.budget} people's data within the hour, this console's budget; the owners have been told. Reading works again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    error.retryAfterMs,
    ADMIN_ERROR_CODES.readBudget,
  );
}

/** /signups and /stats: find, export, read, correct and erase sign-ups; every export, correction and erasure is audited. */
export async function consoleSignupRoutes(parent: FastifyInstance, options: ConsoleSignupRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { signups, counted } = options;
  const byId = { params: adminSignupParamsSchema };

  app.get(
    '/signups',
    {
      schema: { querystring: adminListQuerySchema, response: { 200: adminSignupPageSchema } },
      config: { role: 'viewer', apiScope: 'signups:read' },
    },
    async (request) => {
      try {
        const { cursor, page, limit } = request.query;
        return await options.exports.page(filtersOf(request.query), { cursor, page }, limit, readerOf(request));
      } catch (error) {
        if (error instanceof InvalidCursorError) {
          throw new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, 'cursor: not a cursor this API gave out; start again without it');
        }
        if (error instanceof AddressSearchRefused) throw new HttpError(403, ADMIN_ERROR_CODES.forbidden, error.message);
        readBudgetAnswer(error);
      }
    },
  );

  app.get('/meetings', { schema: { response: { 200: adminMeetingsSchema } }, config: { role: 'viewer' } }, async (request) => {
    try {
      const items = await options.exports.upcomingMeetings(signedInOperator(request), new Date());
      return { booking_configured: options.bookingConfigured ?? false, items };
    } catch (error) {
      readBudgetAnswer(error);
    }
  });

  app.get(
    '/signups/export.csv',
    {
      schema: { querystring: adminListQuerySchema },
      compress: EXPORT_COMPRESSION,
      config: { role: 'owner' },
    },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      const { operatorId } = signedInOperator(request);
      const csv = Readable.from(await options.exports.signupsCsv(filters, operatorId));
      request.log.info({ operatorId }, 'admin exported sign-ups as CSV');
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="waitlist-signups-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/signups/:id',
    { schema: { ...byId, response: { 200: adminSignupSchema } }, config: { role: 'viewer', apiScope: 'signups:read' } },
    async (request) => {
      const signup = await options.exports.one(request.params.id, readerOf(request)).catch(readBudgetAnswer);
      if (!signup) throw notFound();
      return signup;
    },
  );

  // The privacy page's right of access: one person's data as a JSON file.
  app.get('/signups/:id/export.json', { schema: byId, config: { role: 'owner' } }, async (request, reply) => {
    const { id } = request.params;
    const { operatorId } = signedInOperator(request);
    const signup = await options.exports.person(id, operatorId);
    if (!signup) throw notFound();
    request.log.info({ operatorId, signupId: id }, 'admin exported one sign-up as JSON');
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="waitlist-signup-${id}.json"`)
      .send(JSON.stringify(signup, null, 2));
  });

  app.patch(
    '/signups/:id',
    {
      bodyLimit: 16 * 1024,
      schema: { ...byId, body: adminCorrectionSchema, response: { 200: adminSignupSchema } },
      config: { role: 'member' },
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

  app.delete('/signups/:id', { schema: byId, config: { role: 'owner' } }, async (request, reply) => {
    const { id } = request.params;
    const { operatorId } = signedInOperator(request);
    if (!(await signups.erase(id, { kind: 'operator', operatorId }))) throw notFound();
    request.log.info({ operatorId, signupId: id }, 'admin erased a sign-up');
    return reply.code(204).send();
  });

  // The review queue: erase a selection at once (each person in their own transaction, each audited).
  app.post(
    '/signups/erase',
    { schema: { body: adminBulkEraseSchema, response: { 200: adminBulkEraseAnswerSchema } }, config: { role: 'owner' } },
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

  app.get('/stats', { schema: { response: { 200: adminStatsSchema } }, config: { role: 'viewer' } }, async () => counted.stats());
}
