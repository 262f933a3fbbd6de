import { Readable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_ERROR_CODES,
  ADMIN_SESSION_COOKIE,
  DUPLICATE_EMAIL_MESSAGE,
  ERROR_CODES,
  adminCorrectionSchema,
  adminListQuerySchema,
  adminSignInSchema,
  checkViolationMessage,
  type AdminFilters,
  type AdminSessionInfo,
  type AdminSignup,
} from '@waitlist/contract';
import type { Database } from '../db/connection';
import { HttpError } from '../plugins/api-error';
import { CheckViolationError, DuplicateEmailError } from '../signups/repository';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { createOperatorsRepository, normalizeOperatorEmail, sha256, type OperatorsRepository } from './operators';
import { InvalidCursorError, createAdminSignups } from './signups-admin';

export interface AdminRoutesOptions {
  database: Database;
  sessionIdleHours: number;
  /** Sign-in attempts per minute per client IP; null disables (the per-account lockout stays). */
  signInRateLimitPerMinute: number | null;
}

interface SignedIn {
  operatorId: number;
  email: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: SignedIn | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSV_COLUMNS = ['id', 'email', 'role', 'company_size', 'desired_outcomes', 'other_outcome', 'created_at', 'consented_at', 'privacy_policy_version'] as const;

const invalid = (message: string) => new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, message);
const notFound = () => new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No sign-up with this id (it may have been erased)');

function parseId(raw: unknown): number {
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw invalid('The id must be a positive whole number');
  return id;
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Query strings arrive as strings (or arrays when repeated); empty values count as absent. */
function parseFilters(query: unknown) {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') throw invalid(`${key}: give the parameter once`);
    if (value !== '') cleaned[key] = value;
  }
  const result = adminListQuerySchema.safeParse(cleaned);
  if (!result.success) throw invalid(firstIssue(result.error));
  const { cursor, limit, ...filters } = result.data;
  return { filters: filters as AdminFilters, cursor, limit };
}

const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/**
 * The host (and port) of an Origin header; compared without the scheme so a TLS-terminating proxy that does not
 * forward the protocol (TRUST_PROXY unset) cannot lock operators out. `null` and garbage never match.
 */
function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? withoutDefaultPort(url.host) : null;
  } catch {
    return null;
  }
}

const filterNames = (filters: AdminFilters) => Object.entries(filters).filter(([k, v]) => k !== 'sort' && v !== undefined).map(([k]) => k);

/**
 * /api/admin/*: the operator console (issue #4). Every route needs a session except signing in; state-changing
 * requests from a foreign Origin are refused before anything else. Logs carry operator ids, never addresses.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const sessionIdleMs = options.sessionIdleHours * 60 * 60 * 1000;
  const operators: OperatorsRepository = createOperatorsRepository(options.database, { sessionIdleMs });
  const signups = createAdminSignups(options.database);

  await app.register(fastifyCookie);
  if (options.signInRateLimitPerMinute !== null) {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, ERROR_CODES.rateLimited, 'Too many sign-in attempts from your network. Please wait a minute and try again.', null, {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        }),
    });
  }
  app.decorateRequest('operator', null);

  const cookieOptions = (request: FastifyRequest) =>
    ({ path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const;

  // Cross-site request forgery: a state change must come from our own origin (SameSite=Strict is the second line).
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if ((origin !== undefined && originHost(origin) !== withoutDefaultPort(request.host)) || fetchSite === 'cross-site' || fetchSite === 'same-site') {
      request.log.warn({ origin: typeof origin === 'string' ? origin.slice(0, 200) : undefined }, 'admin request from a foreign origin refused');
      throw new HttpError(403, ADMIN_ERROR_CODES.foreignOrigin, 'Cross-origin requests are not allowed here');
    }
  });

  // Every route but signing in needs a live session.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && request.routeOptions.url === `${app.prefix}/session`) return;
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    const session = token && token.length <= 100 ? await operators.resolveSession(token) : undefined;
    if (!session || !token) {
      throw new HttpError(401, ADMIN_ERROR_CODES.unauthenticated, 'Sign in to continue', 'POST /api/admin/session with your e-mail and password.');
    }
    request.operator = { ...session, token };
  });

  // Personal data: never cached by the browser or a proxy.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const operatorOf = (request: FastifyRequest): SignedIn => {
    if (!request.operator) throw new HttpError(401, ADMIN_ERROR_CODES.unauthenticated, 'Sign in to continue');
    return request.operator;
  };

  const sessionInfo = (operatorId: number, email: string, expiresAt: number): AdminSessionInfo => ({
    operator: { id: operatorId, email },
    expires_at: new Date(expiresAt).toISOString(),
  });

  app.post(
    '/session',
    {
      bodyLimit: 16 * 1024,
      config: options.signInRateLimitPerMinute === null ? {} : { rateLimit: { max: options.signInRateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const parsed = adminSignInSchema.safeParse(request.body);
      if (!parsed.success) throw invalid('Send your e-mail and password');
      const email = normalizeOperatorEmail(parsed.data.email);
      const accountKey = sha256(email);

      const lockedUntil = await operators.registerAttempt(accountKey);
      if (lockedUntil) {
        request.log.warn('admin sign-in refused: account temporarily locked');
        throw new HttpError(429, ADMIN_ERROR_CODES.locked, 'Too many failed sign-ins for this account. Try again later.', null, {
          'retry-after': String(Math.ceil((lockedUntil - Date.now()) / 1000)),
        });
      }

      const operator = await operators.findForSignIn(email);
      // Unknown e-mails cost one scrypt too, so timing does not reveal which accounts exist.
      const ok = await verifyPassword(parsed.data.password, operator?.passwordHash ?? (await dummyPasswordHash()));
      if (!operator || !ok) {
        await operators.recordFailure(accountKey);
        request.log.info({ operatorId: operator?.id ?? null }, 'admin sign-in failed');
        throw new HttpError(401, ADMIN_ERROR_CODES.badCredentials, 'The e-mail or password is not correct');
      }
      await operators.clearFailures(accountKey);
      // A fresh token on every sign-in; any session the browser came with is revoked (no fixation).
      const previous = request.cookies[ADMIN_SESSION_COOKIE];
      if (previous && previous.length <= 100) await operators.deleteSession(previous);
      const { token, expiresAt } = await operators.createSession(operator.id);
      request.log.info({ operatorId: operator.id }, 'admin signed in');
      reply.setCookie(ADMIN_SESSION_COOKIE, token, cookieOptions(request));
      return reply.code(200).send(sessionInfo(operator.id, email, expiresAt));
    },
  );

  app.get('/session', async (request) => {
    const { operatorId, email } = operatorOf(request);
    return sessionInfo(operatorId, email, Date.now() + sessionIdleMs);
  });

  app.delete('/session', async (request, reply) => {
    const { token, operatorId } = operatorOf(request);
    await operators.deleteSession(token);
    request.log.info({ operatorId }, 'admin signed out');
    reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions(request));
    return reply.code(204).send();
  });

  app.get('/signups', async (request) => {
    const { filters, cursor, limit } = parseFilters(request.query);
    try {
      return await signups.list(filters, cursor, limit);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw invalid('cursor: not a cursor this API gave out; start again without it');
      throw error;
    }
  });

  app.get('/signups/export.csv', async (request, reply) => {
    const { filters } = parseFilters(request.query);
    const { operatorId } = operatorOf(request);
    await operators.audit({ action: 'export', operatorId, signupId: null, fields: filterNames(filters) });
    request.log.info({ operatorId, filters: filterNames(filters) }, 'admin exported sign-ups as CSV');
    const rows = Readable.from(
      (async function* () {
        for await (const row of signups.stream(filters)) {
          yield { ...row, desired_outcomes: row.desired_outcomes.join('; ') };
        }
      })(),
    );
    // RFC 4180 (CRLF, quotes doubled), UTF-8 with BOM so spreadsheets pick the encoding; formulas neutralised.
    const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: 'windows', escape_formulas: true });
    rows.on('error', (err) => csv.destroy(err));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="waitlist-signups-${day}.csv"`)
      .send(rows.pipe(csv));
  });

  app.get('/signups/:id', async (request) => {
    const signup = await signups.get(parseId((request.params as { id: string }).id));
    if (!signup) throw notFound();
    return signup;
  });

  // The privacy page's right of access: one person's data as a JSON file.
  app.get('/signups/:id/export.json', async (request, reply: FastifyReply) => {
    const id = parseId((request.params as { id: string }).id);
    const signup: AdminSignup | undefined = await signups.get(id);
    if (!signup) throw notFound();
    const { operatorId } = operatorOf(request);
    await operators.audit({ action: 'export', operatorId, signupId: id });
    request.log.info({ operatorId, signupId: id }, 'admin exported one sign-up as JSON');
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="waitlist-signup-${id}.json"`)
      .send(JSON.stringify(signup, null, 2));
  });

  app.patch('/signups/:id', { bodyLimit: 16 * 1024 }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const parsed = adminCorrectionSchema.safeParse(request.body);
    if (!parsed.success) throw invalid(firstIssue(parsed.error));
    const { operatorId } = operatorOf(request);
    try {
      const result = await signups.correct(id, parsed.data, operatorId);
      if (!result) throw notFound();
      request.log.info({ operatorId, signupId: id, fields: result.changed }, 'admin corrected a sign-up');
      return result.signup;
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw new HttpError(409, ERROR_CODES.uniqueViolation, DUPLICATE_EMAIL_MESSAGE, 'Another sign-up already uses this e-mail.');
      if (error instanceof CheckViolationError) throw new HttpError(400, ERROR_CODES.checkViolation, checkViolationMessage(error.constraint));
      throw error;
    }
  });

  app.delete('/signups/:id', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const { operatorId } = operatorOf(request);
    if (!(await signups.erase(id, operatorId))) throw notFound();
    request.log.info({ operatorId, signupId: id }, 'admin erased a sign-up');
    return reply.code(204).send();
  });

  app.get('/stats', async () => signups.stats());

  // Unknown admin paths: 401 without a session (the hook above), 404 with one.
  const unknownEndpoint = async () => {
    throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No such admin endpoint');
  };
  app.all('/', unknownEndpoint);
  app.all('/*', unknownEndpoint);

  const prune = () => operators.pruneExpired().catch((err: unknown) => app.log.warn({ err }, 'operator session pruning failed'));
  const timer = setInterval(prune, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
