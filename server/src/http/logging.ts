import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const EMAIL_LIKE = /[^/?#\s]*(@|%40)[^/?#\s]*/gi;

/** Log lines never carry request bodies, cookies or keys. */
const REDACT = ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * A URL as it may appear in logs: without the query string (admin `?q=` holds part of an e-mail address, and a
 * PostgREST-style `?email=eq.…` filter a whole one), and with anything address-like in the path masked.
 * Personal data must never reach info logs (docs/security.md).
 */
export function loggableUrl(url: string): string {
  return url.split('?')[0]!.replace(EMAIL_LIKE, '[redacted]');
}

/** Fastify's request log line, with the URL made loggable. */
function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger: the configured level, secrets redacted, URLs without personal data. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: REDACT, serializers: { req: requestLogSerializer } };
}
