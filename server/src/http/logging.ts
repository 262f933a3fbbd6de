import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where a path splits into the pieces masked one by one (one pass, no backtracking). */
const SEPARATORS = /([/?#\s])/;
const ADDRESS_LIKE = /@|%40/i;

/** Log lines never carry request bodies, cookies or keys. */
const REDACT = ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * A URL as it may appear in logs: without the query string (admin `?q=` holds part of an e-mail address, and a
 * PostgREST-style `?email=eq.…` filter a whole one), and with anything address-like in the path masked.
 * Personal data must never reach info logs (docs/security.md).
 */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // Linear in the path's length: a pattern that backtracked let one long path cost ~130 ms of CPU (issue 21).
  return path
    .split(SEPARATORS)
    .map((piece) => (ADDRESS_LIKE.test(piece) ? '[redacted]' : piece))
    .join('');
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
