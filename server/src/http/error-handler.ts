import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@waitlist/contract';
import { DatabaseUnavailableError } from '../db/errors';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import { HttpError, sendError } from './http-error';
import { httpErrorOf } from './write-errors';

const invalidJson = () => new HttpError(400, ERROR_CODES.invalidJson, 'Empty or invalid json');

/**
 * One error handler for the whole app: repository and framework errors become the public error shape with a
 * PostgREST-style code; anything unexpected is logged and answered as a bare 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance, { metrics }: { metrics: MetricsRecorder }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error);
    const mapped = httpErrorOf(error);
    if (mapped) {
      if (mapped.statusCode === 503) {
        metrics.count('databaseErrors', { operation: 'request' });
        request.log.warn({ err: error instanceof DatabaseUnavailableError ? error.cause : error }, 'database unavailable');
      }
      return sendError(reply, mapped);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, new HttpError(413, ERROR_CODES.payloadTooLarge, 'The request body is too large'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(
          reply,
          new HttpError(415, ERROR_CODES.invalidContentType, 'The Content-Type sent in the request is invalid', 'Send application/json.'),
        );
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(reply, invalidJson());
      default:
        break;
    }
    // secure-json-parse: malformed JSON, or a __proto__/constructor.prototype key.
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON|prototype/i.test(error.message))) {
      return sendError(reply, invalidJson());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, new HttpError(status, `PGRST${status}`, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new HttpError(500, ERROR_CODES.internal, 'Internal server error'));
  });
}
