import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DUPLICATE_EMAIL_MESSAGE,
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  SIGNUP_BODY_LIMIT_BYTES,
  SIGNUPS_TABLE,
  checkViolationMessage,
} from '@waitlist/contract';
import { HttpError } from '../plugins/api-error';
import { parseSignupBody } from './validate';
import {
  CheckViolationError,
  DuplicateEmailError,
  IdempotencyKeyReusedError,
  type SignupsRepository,
} from './repository';

export interface SignupRoutesOptions {
  repository: SignupsRepository;
  publicKey: string;
  /** Sign-ups per minute per client IP; null disables the limit. */
  rateLimitPerMinute: number | null;
  corsOrigins: string[];
}

/** Headers supabase-js sends (spec §7), so the same web build can also talk to a hosted Supabase. */
const CORS_HEADERS = ['apikey', 'authorization', 'content-type', 'x-client-info', 'prefer', 'content-profile', 'accept-profile', 'idempotency-key'];
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The Supabase/PostgREST contract of spec §7 for the one table anonymous visitors may write to. */
export async function signupRoutes(app: FastifyInstance, options: SignupRoutesOptions): Promise<void> {
  const { repository } = options;
  const expectedKey = digest(options.publicKey);
  const keyMatches = (value: string) => timingSafeEqual(digest(value), expectedKey);

  await app.register(fastifyCors, {
    origin: options.corsOrigins.includes('*') ? '*' : options.corsOrigins.length > 0 ? options.corsOrigins : false,
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: CORS_HEADERS,
    exposedHeaders: ['retry-after', 'content-range'],
    maxAge: 600,
  });

  if (options.rateLimitPerMinute !== null) {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          ERROR_CODES.rateLimited,
          'Too many sign-up attempts from your network. Please wait a minute and try again.',
          null,
          { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
        ),
    });
  }

  /** Both headers carry the public key; a Bearer token, when sent, must be that key too. */
  const requireApiKey = async (request: FastifyRequest) => {
    const apikey = request.headers.apikey;
    const authorization = request.headers.authorization;
    if (typeof apikey !== 'string' || apikey === '') {
      throw new HttpError(401, ERROR_CODES.invalidApiKey, 'No API key found in request', 'No `apikey` request header was found.');
    }
    const bearer = typeof authorization === 'string' ? /^Bearer (.+)$/i.exec(authorization)?.[1] : undefined;
    if (!keyMatches(apikey) || (authorization !== undefined && (bearer === undefined || !keyMatches(bearer)))) {
      throw new HttpError(401, ERROR_CODES.invalidApiKey, 'Invalid API key', 'Double check the key you send in apikey and Authorization.');
    }
  };

  const path = `/rest/v1/${SIGNUPS_TABLE}`;

  app.post(
    path,
    {
      bodyLimit: SIGNUP_BODY_LIMIT_BYTES,
      onRequest: requireApiKey,
      config: options.rateLimitPerMinute === null ? {} : { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))) {
        throw new HttpError(400, ERROR_CODES.invalidTextRepresentation, `Invalid ${IDEMPOTENCY_HEADER} header`, 'Use 8 to 255 printable ASCII characters, e.g. a UUID.');
      }
      const parsed = parseSignupBody(request.body);
      if (parsed.kind === 'invalid') {
        return reply.code(400).send(parsed.error);
      }
      if (parsed.kind === 'honeypot') {
        request.log.info('honeypot sign-up discarded');
        return reply.code(201).send();
      }
      try {
        const outcome = await repository.insert(parsed.signup, idempotencyKey);
        if (outcome === 'replayed') reply.header('idempotent-replayed', 'true');
        return reply.code(201).send();
      } catch (error) {
        if (error instanceof DuplicateEmailError) {
          throw new HttpError(409, ERROR_CODES.uniqueViolation, DUPLICATE_EMAIL_MESSAGE, null);
        }
        if (error instanceof CheckViolationError) {
          throw new HttpError(400, ERROR_CODES.checkViolation, checkViolationMessage(error.constraint));
        }
        if (error instanceof IdempotencyKeyReusedError) {
          throw new HttpError(422, ERROR_CODES.idempotencyKeyReused, `This ${IDEMPOTENCY_HEADER} was already used for a different request`, 'Use a new key for a new sign-up.');
        }
        throw error;
      }
    },
  );

  // Row-level security: anonymous visitors may insert, never read, change or delete.
  app.route({
    method: ['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE'],
    url: path,
    onRequest: requireApiKey,
    handler: async () => {
      throw new HttpError(401, ERROR_CODES.insufficientPrivilege, `permission denied for table ${SIGNUPS_TABLE}`);
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
