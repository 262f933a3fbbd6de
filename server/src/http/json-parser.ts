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

/**
 * For a plugin that verifies a signature over the exact bytes received (a relay's or a scheduler's webhook): its JSON
 * bodies arrive as the raw string, up to `bodyLimit` (encapsulated: the rest of the app keeps the parser above), and
 * `parse` reads them with the same refusals (400 invalid_json).
 */
export function keepRawJson(app: FastifyInstance, bodyLimit: number): { parse: (raw: unknown) => unknown } {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => done(null, body));
  return {
    parse(raw) {
      try {
        return sjson.parse(String(raw ?? ''), null, { protoAction: 'error', constructorAction: 'error' });
      } catch {
        throw new HttpError(400, ERROR_CODES.invalidJson, 'Empty or invalid json');
      }
    },
  };
}
