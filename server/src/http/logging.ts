import pretty from 'pino-pretty';
import { createHmac, randomBytes } from 'node:crypto';
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

/** The key of today's client tags: random, in this process only, replaced when the UTC day changes. */
let tagKey = { day: '', key: Buffer.alloc(0) };

/**
 * A client address as logs may carry it: a keyed hash that stays the same for one address through one UTC day
 * (enough to see one client hammering a route) and cannot be turned back into the address, nor linked across days
 * or copies. A client address is personal data; logs never hold one (docs/security.md).
 */
export function clientTag(address: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  if (tagKey.day !== day) tagKey = { day, key: randomBytes(32) };
  return createHmac('sha256', tagKey.key).update(address).digest('base64url').slice(0, 12);
}

/** Fastify's request log line: the URL made loggable, the client as a daily tag, never its address. */
function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    client: clientTag(request.ip),
  };
}

/** Whether the log is for a person: LOG_FORMAT=pretty, or `auto` on a terminal outside production. */
export const readableLog = (
  settings: { LOG_FORMAT: 'auto' | 'json' | 'pretty'; NODE_ENV: string },
  isTerminal = process.stdout.isTTY === true,
) => settings.LOG_FORMAT === 'pretty' || (settings.LOG_FORMAT === 'auto' && isTerminal && settings.NODE_ENV !== 'production');

/**
 * The app's logger: the configured level, secrets redacted, URLs without personal data. `readable`: one line per event
 * with its time and level in colour (pino-pretty, in this thread, so nothing is lost at exit); else JSON, as machines read it.
 */
export function loggerOptions(level: string, { readable = false }: { readable?: boolean } = {}): FastifyServerOptions['logger'] {
  const options = { level, redact: REDACT, serializers: { req: requestLogSerializer } };
  if (!readable) return options;
  return { ...options, stream: pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' }) };
}
