import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ERROR_CODES, IMPORT_PROGRESS_TYPE, adminImportQuerySchema, type AdminImportReport } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { httpErrorOf } from '../../http/write-errors';
import { ImportRefused, type ImportReport, type Imports } from '../../services/imports';
import { signedInOperator } from './guards';

export interface ImportRoutesOptions {
  imports: Imports;
  /** Confirmation mails were queued: the delivery workers look now. */
  mailQueued: () => void;
}

/** A CSV file of at most this many bytes (about a million rows of a plain list). */
const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** POST /import: an owner uploads an existing list as CSV (the same as `npm run admin -- import`). */
export async function importRoutes(parent: FastifyInstance, options: ImportRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const answerOf = (report: ImportReport): AdminImportReport => ({
    dry_run: report.dryRun,
    source: report.source,
    rows: report.rows,
    new: report.new,
    existing: report.existing,
    erased: report.erased,
    duplicates_in_file: report.duplicatesInFile,
    answers_unknown: report.answersUnknown,
    invalid: report.invalid,
    imported: report.imported,
    confirmations_queued: report.confirmationsQueued,
  });

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      // The progress lines go out as they come (a compressor would hold them back).
      compress: false,
      // Answered as the contract's adminImportReportSchema, whole or as the last line of the progress.
      schema: { querystring: adminImportQuerySchema },
      config: { role: 'owner' },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string') throw new HttpError(415, ADMIN_ERROR_CODES.invalidRequest, 'Send the CSV file as text/csv');
      const { operatorId } = signedInOperator(request);
      const body = request.body;
      const run = (onProgress?: (done: number, total: number) => void) =>
        options.imports
          .run(body, {
            dryRun: request.query.dry_run === 'true',
            source: request.query.source,
            confirmByMail: request.query.confirm_by_mail === 'true',
            operatorId,
            ...(onProgress ? { onProgress } : {}),
          })
          .then((report) => {
            if (report.confirmationsQueued > 0) options.mailQueued();
            return answerOf(report);
          });
      const refusal = (error: unknown) =>
        error instanceof ImportRefused ? new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, error.message) : undefined;

      // The console asks for progress (issue 38 item 4): a line of JSON per batch of rows, then the report (or the error:
      // the status is already 200 by then).
      if (String(request.headers.accept ?? '').includes(IMPORT_PROGRESS_TYPE)) {
        const lines = new PassThrough();
        const line = (value: unknown) => lines.write(`${JSON.stringify(value)}\n`);
        // The people stored so far: each batch commits on its own, so a fault keeps them (the last progress line says how many).
        let stored = 0;
        void run((done, total) => {
          stored = done;
          line({ progress: { done, total } });
        })
          .then((report) => line({ report }))
          .catch((error: unknown) => {
            const known = refusal(error);
            if (!known) request.log.error({ err: error }, 'console import failed');
            // The database went away mid-import (503): what is stored stays, and the same file again skips it.
            const outage = known ? undefined : httpErrorOf(error);
            line({
              error:
                known?.toBody() ??
                (outage && outage.statusCode === 503
                  ? {
                      ...outage.toBody(),
                      message: `The database stopped answering: ${stored.toLocaleString('en')} people were imported before it did.`,
                      hint: 'Import the same file again when it answers: the people already on the list are skipped.',
                    }
                  : {
                      code: ADMIN_ERROR_CODES.invalidRequest,
                      message: 'The import failed: see the server log',
                      details: null,
                      hint: null,
                    }),
            });
          })
          .finally(() => lines.end());
        return reply.type(`${IMPORT_PROGRESS_TYPE}; charset=utf-8`).header('cache-control', 'no-store').send(lines);
      }
      try {
        return await run();
      } catch (error) {
        throw refusal(error) ?? error;
      }
    },
  );
}
