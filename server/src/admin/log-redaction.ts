import type { FastifyRequest } from 'fastify';

const EMAIL_LIKE = /[^/?#\s]*(@|%40)[^/?#\s]*/gi;

/**
 * A URL as it may appear in logs: without the query string (admin `?q=` holds part of an e-mail address, and a
 * PostgREST-style `?email=eq.…` filter a whole one), and with anything address-like in the path masked.
 * Personal data must never reach info logs (issues #4 and #6).
 */
export function loggableUrl(url: string): string {
  return url.split('?')[0]!.replace(EMAIL_LIKE, '[redacted]');
}

/** Fastify's request log line, with the URL made loggable. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
