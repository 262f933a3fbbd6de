import type { FastifyReply } from 'fastify';
import { ERROR_CODES, type ApiError } from '@waitlist/contract';

/** Thrown anywhere in a request to answer with the public error shape `{code, message, details, hint}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ApiError {
    return { code: this.code, message: this.message, details: null, hint: this.hint };
  }
}

export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

export function databaseUnavailable(): HttpError {
  return new HttpError(
    503,
    ERROR_CODES.databaseUnavailable,
    'The waitlist is temporarily unavailable. Please try again in a minute.',
    null,
    { 'retry-after': String(RETRY_AFTER_UNAVAILABLE_SECONDS) },
  );
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}
