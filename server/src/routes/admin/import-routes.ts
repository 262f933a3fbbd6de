import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ERROR_CODES, adminImportQuerySchema, adminImportReportSchema } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { ImportRefused, type Imports } from '../../services/imports';
import { signedInOperator } from './guards';

export interface ImportRoutesOptions {
  imports: Imports;
  /** Confirmation mails were queued: the delivery workers look now. */
  nudge: () => void;
}

/** A CSV file of at most this many bytes (about a million rows of a plain list). */
const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** POST /import: an owner uploads an existing list as CSV (the same as `npm run admin -- import`). */
export async function importRoutes(parent: FastifyInstance, options: ImportRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: { querystring: adminImportQuerySchema, response: { 200: adminImportReportSchema } },
      config: { role: 'owner' },
    },
    async (request) => {
      if (typeof request.body !== 'string') throw new HttpError(415, ADMIN_ERROR_CODES.invalidRequest, 'Send the CSV file as text/csv');
      const { operatorId } = signedInOperator(request);
      try {
        const report = await options.imports.run(request.body, {
          dryRun: request.query.dry_run === 'true',
          source: request.query.source,
          confirmByMail: request.query.confirm_by_mail === 'true',
          operatorId,
        });
        if (report.confirmationsQueued > 0) options.nudge();
        return {
          dry_run: report.dryRun,
          source: report.source,
          rows: report.rows,
          new: report.new,
          existing: report.existing,
          erased: report.erased,
          duplicates_in_file: report.duplicatesInFile,
          invalid: report.invalid,
          imported: report.imported,
          confirmations_queued: report.confirmationsQueued,
        };
      } catch (error) {
        if (error instanceof ImportRefused) throw new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, error.message);
        throw error;
      }
    },
  );
}
