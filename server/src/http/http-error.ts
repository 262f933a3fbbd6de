import type { FastifyReply } from 'fastify';
import type { ApiError } from '@waitlist/contract';

/** Thrown anywhere in a request to answer with the public error shape `{code, message, details, hint}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
    readonly details: string | null = null,
  ) {
    super(message);
  }

  toBody(): ApiError {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}
