import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { ERROR_CODES } from '@waitlist/contract';
import { HttpError } from './http-error';

/**
 * JSON bodies: an empty body is "no body" (a DELETE from a client that always sends Content-Type must reach
 * authorisation, not fail parsing); prototype-poisoning keys are refused like malformed JSON.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new HttpError(400, ERROR_CODES.invalidJson, 'Empty or invalid json'), undefined);
    }
  });
}
