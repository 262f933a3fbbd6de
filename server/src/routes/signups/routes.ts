import { timingSafeEqual } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_KEY_PREFIX,
  CHALLENGE_PATH,
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  SIGNUP_BODY_LIMIT_BYTES,
  SIGNUPS_PATH,
  SIGNUPS_TABLE,
} from '@waitlist/contract';
import type { ProofOfWork } from '../../services/proof-of-work';
import type { SignupService } from '../../services/signups';
import { HttpError } from '../../http/http-error';
import { insufficientScope } from '../../http/api-key-auth';
import type { ApiKeys } from '../../services/api-keys';
import { tooManyRequests, type SharedLimit } from '../../http/rate-limiter';
import { clientNetwork } from '../../lib/client-network';
import type { MetricsRecorder } from '../../lib/metrics-recorder';
import { outcomeOf } from './outcome';
import { parseSignupBody } from './validate';

export interface PublicSignupRoutesOptions {
  signups: SignupService;
  proofOfWork: ProofOfWork;
  publicKey: string;
  /** A server-side client's own key (`Authorization: Bearer wlk_…` with signups:write) instead of the public key. */
  apiKeys: ApiKeys;
  /** rate-limit-rules.ts: signup, shared with the form posted without script. */
  signupLimit: SharedLimit | null;
  corsOrigins: string[];
  metrics: MetricsRecorder;
}

/** Headers supabase-js sends, so the same web build can also talk to a hosted Supabase (docs/decisions/0002). */
const CORS_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'prefer',
  'content-profile',
  'accept-profile',
  'idempotency-key',
];
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

const permissionDenied = (hint: string | null = null) =>
  new HttpError(401, ERROR_CODES.insufficientPrivilege, `permission denied for table ${SIGNUPS_TABLE}`, hint);

/** An insert that asks for the stored rows back (`Prefer: return=representation`, `?select=`) is a read too. */
const wantsRowsBack = (request: FastifyRequest) =>
  /\breturn=representation\b/i.test(String(request.headers.prefer ?? '')) ||
  Object.prototype.hasOwnProperty.call(request.query ?? {}, 'select');

/**
 * The Supabase/PostgREST contract for the one table anonymous visitors may write to (docs/decisions/0002):
 * insert only, as a bare object or a one-row array, with the row-level-security answers for everything else.
 */
export async function publicSignupRoutes(app: FastifyInstance, options: PublicSignupRoutesOptions): Promise<void> {
  const { signups, metrics } = options;
  // The key is public (the site's script sends it), so its length is no secret: comparing equal lengths in constant
  // time needs no hashing (two SHA-256 a request were 2 % of a sign-up's CPU).
  const expectedKey = Buffer.from(options.publicKey);
  const keyMatches = (value: string) => {
    const given = Buffer.from(value);
    return given.length === expectedKey.length && timingSafeEqual(given, expectedKey);
  };

  await app.register(fastifyCors, {
    origin: options.corsOrigins.includes('*') ? '*' : options.corsOrigins.length > 0 ? options.corsOrigins : false,
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: CORS_HEADERS,
    exposedHeaders: ['retry-after', 'content-range'],
    maxAge: 600,
  });

  const invalidKey = () =>
    new HttpError(401, ERROR_CODES.invalidApiKey, 'Invalid API key', 'Double check the key you send in apikey and Authorization.');

  /**
   * Both headers carry the public key; a Bearer token, when sent, must be that key too. Or a key an owner made in the
   * console (issue 37 item 5) as the Bearer token, with signups:write: the `apikey` header is then not needed.
   */
  const requireApiKey = async (request: FastifyRequest) => {
    const apikey = request.headers.apikey;
    const authorization = request.headers.authorization;
    const scoped = typeof authorization === 'string' ? /^Bearer (wlk_\S{1,508})$/i.exec(authorization)?.[1] : undefined;
    if (scoped !== undefined && scoped.startsWith(API_KEY_PREFIX)) {
      const check = await options.apiKeys.check(scoped, 'signups:write');
      if (!check.ok) throw check.problem === 'scope' ? insufficientScope(check.scope) : invalidKey();
      request.apiKey = check.holder;
      return;
    }
    if (typeof apikey !== 'string' || apikey === '') {
      throw new HttpError(401, ERROR_CODES.invalidApiKey, 'No API key found in request', 'No `apikey` request header was found.');
    }
    const bearer = typeof authorization === 'string' ? /^Bearer (.+)$/i.exec(authorization)?.[1] : undefined;
    if (!keyMatches(apikey) || (authorization !== undefined && (bearer === undefined || !keyMatches(bearer)))) throw invalidKey();
  };

  const limitSignups = async (request: FastifyRequest) => {
    const verdict = await options.signupLimit?.check(request);
    if (verdict && !verdict.allowed) throw tooManyRequests(options.signupLimit!.rule.message, verdict.retryAfterMs);
  };

  app.post(
    SIGNUPS_PATH,
    {
      bodyLimit: SIGNUP_BODY_LIMIT_BYTES,
      // Answers are an empty 201 or a short error: nothing worth a compressor.
      compress: false,
      // The key first (a request without it is not counted), then the client's sign-up budget, before the body.
      onRequest: [requireApiKey, limitSignups],
    },
    async (request, reply) => {
      // Row-level security: anonymous visitors may insert but never read, not even the row they just sent.
      if (wantsRowsBack(request)) throw permissionDenied('Anonymous sign-ups cannot be read back: send Prefer: return=minimal.');
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))) {
        metrics.count('signups', { outcome: 'invalid' });
        throw new HttpError(
          400,
          ERROR_CODES.invalidTextRepresentation,
          `Invalid ${IDEMPOTENCY_HEADER} header`,
          'Use 8 to 255 printable ASCII characters, e.g. a UUID.',
        );
      }
      const parsed = parseSignupBody(request.body);
      if (parsed.kind === 'invalid') {
        metrics.count('signups', { outcome: 'invalid' });
        return reply.code(400).send(parsed.error);
      }
      if (parsed.kind === 'honeypot') {
        metrics.count('signups', { outcome: 'honeypot' });
        request.log.info('honeypot sign-up discarded');
        return reply.code(201).send();
      }
      let outcome;
      try {
        outcome = await signups.signUp(parsed.signup, idempotencyKey, parsed.solution, { network: clientNetwork(request.ip) });
      } catch (error) {
        metrics.count('signups', { outcome: outcomeOf(error) });
        // Duplicates, check violations, a reused key and outages are answered by the error handler (http/write-errors.ts).
        throw error;
      }
      metrics.count('signups', { outcome });
      if (outcome === 'replayed') reply.header('idempotent-replayed', 'true');
      return reply.code(201).send();
    },
  );

  // A proof-of-work challenge for the form's script (services/proof-of-work.ts): cheap to make, never cached.
  app.get(CHALLENGE_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return options.proofOfWork.challenge();
  });

  // Row-level security: anonymous visitors may insert, never read, change or delete.
  app.route({
    method: ['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE'],
    url: SIGNUPS_PATH,
    onRequest: requireApiKey,
    handler: async () => {
      throw permissionDenied();
    },
  });

  // OPTIONS stays with the CORS preflight handler.
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: '/rest/v1/*',
    onRequest: requireApiKey,
    handler: async (request) => {
      const table = request.url.split('?')[0]!.slice('/rest/v1/'.length).slice(0, 64);
      throw new HttpError(404, ERROR_CODES.unknownTable, `Could not find the table 'public.${table}' in the schema cache`);
    },
  });
}
