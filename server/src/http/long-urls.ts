import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@waitlist/contract';
import { HttpError, sendError } from './http-error';

/**
 * The longest request target the server reads. Our own links (a token, campaign tags of at most 200 characters
 * each) stay far below it; longer ones are refused with 414 before routing, logging or any other work, on every
 * route, so a client cannot make each request cost in proportion to a path it chose.
 */
export const MAX_URL_LENGTH = 4096;

/** Where an over-long target is sent instead (Fastify's `rewriteUrl`, which runs before routing). */
const TOO_LONG_PATH = '/__uri-too-long';

export function rewriteLongUrl(this: unknown, req: IncomingMessage): string {
  const url = req.url ?? '/';
  return url.length > MAX_URL_LENGTH ? TOO_LONG_PATH : url;
}

/** The one route the over-long targets reach: 414 in the API's error shape, whatever the method. */
export function registerLongUrlRefusal(app: FastifyInstance): void {
  app.all(TOO_LONG_PATH, async (_request, reply) =>
    sendError(reply, new HttpError(414, ERROR_CODES.uriTooLong, `The address is too long (more than ${MAX_URL_LENGTH} characters)`)),
  );
}
