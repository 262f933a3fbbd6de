import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_CODE_PARAM,
  DATA_LINK_PATH,
  DEFAULT_LOCALE,
  MANAGE_ACTIONS,
  MANAGE_COOKIE,
  MANAGE_REOPEN_PARAM,
  PERSON_CORRECTABLE_FIELDS,
  PERSON_LINK_PATHS,
  SITE_LOCALES,
  adminCorrectionSchema,
  isSiteLocale,
  isValidEmail,
  localeOfPath,
  localePrefix,
  localizedPath,
  normalizeEmail,
  otherOutcomeText,
  type PersonCorrectableField,
  type SelfServiceView,
} from '@waitlist/contract';
import type { SignupRow } from '../../db/stores/signups';
import { HttpError } from '../../http/http-error';
import type { PageRenderer } from '../../http/page-renderer';
import { limitedBy } from '../../http/rate-limiter';
import type { RateLimitRule } from '../../http/rate-limit-rules';
import type { InvitationProblem, InvitationService } from '../../services/invitations';
import type { PersonLinks, TokenFailure } from '../../services/person-links';

/**
 * The pages behind the links in our mail, and the privacy page's "send me my link" form. A GET shows a page and
 * changes nothing (mail scanners open every link); only a POST acts. The pages are the site's own, rendered by
 * the web build's renderer (no script, in the person's language); each answer is noindex, never cached and sends
 * no Referer, so the token in the URL goes nowhere else. The manage link's token leaves the address bar at once:
 * it moves to a cookie on the data pages only (docs/decisions/0016-manage-link-cookie.md).
 */

export interface SelfServiceRoutesOptions {
  service: PersonLinks;
  pages: PageRenderer;
  /** rate-limit-rules.ts: dataLink ("send me my link"). */
  dataLinkRateLimit: RateLimitRule | null;
  /** The data-link answer never comes sooner, so its timing says nothing about whether the address is known. */
  dataLinkAnswerMs?: number;
  /** SITE_URL is https: the data page's cookie is Secure whatever the request looks like behind a proxy. */
  secureCookies: boolean;
  /** Invitations to the pilot: the page behind an invitation's link and its Accept button. */
  invitations: InvitationService;
  /** ACCESS_REDIRECT_URL: where an accepted invitation sends the person, with their code; unset: a page shows it. */
  accessRedirectUrl?: string | undefined;
  /** The booking link offered to a person who has just confirmed, when they fit well (services/bookings.ts). */
  bookingLink?: (person: SignupRow) => Promise<string | undefined>;
}

const INVITATION_PROBLEM_STATUS: Readonly<Record<InvitationProblem, 400 | 404 | 410>> = {
  malformed: 400,
  unknown: 404,
  expired: 410,
  used: 410,
};

const PRIVATE_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
} as const;

type FormBody = Record<string, string | string[] | undefined>;

const field = (body: unknown, name: string): string | undefined => {
  const value = (body as FormBody | undefined)?.[name];
  return Array.isArray(value) ? value[0] : value;
};
const fields = (body: unknown, name: string): string[] => {
  const value = (body as FormBody | undefined)?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};
const queryToken = (request: FastifyRequest) => (request.query as Record<string, unknown> | undefined)?.token;

export async function selfServiceRoutes(app: FastifyInstance, options: SelfServiceRoutesOptions): Promise<void> {
  const { service, pages } = options;
  await app.register(fastifyCookie);
  // Form posts are parsed only in this scope; RFC 8058 one-click posts may come as multipart with no field we need.
  await app.register(fastifyFormbody, { bodyLimit: 8 * 1024 });
  // Any other body (multipart, text/plain) carries nothing these routes read: accepted and ignored, never a 415.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, _body, done) => done(null, {}));

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(PRIVATE_HEADERS);
  });

  /**
   * A page: in the person's own language when we know them, else in the language of the URL (a bad link, the
   * data-link answer). `path` is the page's path in English (`/confirm`).
   */
  const page = (reply: FastifyReply, status: number, path: string, view: SelfServiceView, person?: SignupRow) => {
    const locale = person ? person.locale : localeOfPath(reply.request.url);
    return pages.send(reply, status, localizedPath(isSiteLocale(locale) ? locale : DEFAULT_LOCALE, path), { selfService: view });
  };
  const refuse = (reply: FastifyReply, failure: TokenFailure, path: string) =>
    page(reply, failure.status, path, { page: 'problem', problem: failure.problem });
  const manage = async (person: SignupRow, extra: ManageExtras = {}): Promise<SelfServiceView> => {
    const questions = await service.questionsFor(person);
    return { page: 'manage', person: await service.view(person), ...(questions.length > 0 ? { questions } : {}), ...extra };
  };
  /** The page after confirming: the offer of a call to a good fit, and the questions with their form's token. */
  const confirmed = async (person: SignupRow, extra: { token?: string; answered?: boolean; answers_invalid?: boolean } = {}) => {
    const [bookingUrl, questions] = await Promise.all([options.bookingLink?.(person), service.questionsFor(person)]);
    const token = questions.length === 0 ? undefined : (extra.token ?? (await service.answerToken(person)));
    return {
      page: 'confirmed',
      ...(bookingUrl ? { booking_url: bookingUrl } : {}),
      ...(token ? { questions, token } : {}),
      ...(extra.answered ? { answered: true } : {}),
      ...(extra.answers_invalid ? { answers_invalid: true } : {}),
    } satisfies SelfServiceView;
  };

  // A 429 from the rate limit is a page here, like everything else a person sees.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError && error.statusCode === 429) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return page(reply, 429, DATA_LINK_PATH, { page: 'too-many' });
    }
    throw error;
  });

  // Every page under each language's prefix (/confirm, /sv/confirm).
  for (const prefix of SITE_LOCALES.map(localePrefix)) {
    const { confirm, unsubscribe } = PERSON_LINK_PATHS;

    // --- An invitation to the pilot: the page shows it; Accept records it and hands over the access code ---
    const { invitation } = PERSON_LINK_PATHS;
    const invitationProblem = (reply: FastifyReply, problem: InvitationProblem) =>
      page(reply, INVITATION_PROBLEM_STATUS[problem], invitation, { page: 'problem', problem });

    app.get(`${prefix}${invitation}`, async (request, reply) => {
      const token = queryToken(request);
      const resolved = await options.invitations.resolveLink(token);
      if (!resolved.ok) return invitationProblem(reply, resolved.problem);
      const view: SelfServiceView = {
        page: 'invitation',
        token: token as string,
        wave: resolved.invitation.waveName,
        expires_at: resolved.invitation.expiresAt,
      };
      return page(reply, 200, invitation, view, resolved.person);
    });

    app.post(`${prefix}${invitation}`, async (request, reply) => {
      const result = await options.invitations.accept(field(request.body, 'token'));
      if (!result.ok) return invitationProblem(reply, result.problem);
      if (options.accessRedirectUrl) {
        const target = new URL(options.accessRedirectUrl);
        target.searchParams.set(ACCESS_CODE_PARAM, result.code);
        return reply.code(303).header('location', target.toString()).send();
      }
      const view: SelfServiceView = { page: 'invitation-accepted', code: result.code, expires_at: result.invitation.expiresAt };
      return page(reply, 200, invitation, view, result.person);
    });

    // --- Confirm (double opt-in) ---
    app.get(`${prefix}${confirm}`, async (request, reply) => {
      const token = queryToken(request);
      const resolved = await service.resolve(token, 'confirm');
      if (!resolved.ok) return refuse(reply, resolved, confirm);
      return page(reply, 200, confirm, { page: 'confirm', token: token as string }, resolved.person);
    });

    app.post(`${prefix}${confirm}`, async (request, reply) => {
      const result = await service.confirm(field(request.body, 'token'));
      if (!result.ok) return refuse(reply, result, confirm);
      return page(reply, 200, confirm, await confirmed(result.person), result.person);
    });

    // --- Unsubscribe: a page with a button, and the RFC 8058 one-click POST (token in the URL, no session) ---
    app.get(`${prefix}${unsubscribe}`, async (request, reply) => {
      const token = queryToken(request);
      const resolved = await service.resolve(token, 'unsubscribe');
      if (!resolved.ok) return refuse(reply, resolved, unsubscribe);
      return page(reply, 200, unsubscribe, { page: 'unsubscribe', token: token as string }, resolved.person);
    });

    app.post(`${prefix}${unsubscribe}`, async (request, reply) => {
      const result = await service.unsubscribe(queryToken(request) ?? field(request.body, 'token'));
      if (!result.ok) return refuse(reply, result, unsubscribe);
      return page(reply, 200, unsubscribe, { page: 'unsubscribed' }, result.person);
    });

    registerManageRoutes(app, prefix, { service, page, refuse, manage, confirmed, secureCookies: options.secureCookies });

    // --- "Send me my link" (privacy page): the same answer, at the same pace, whether or not the address is known ---
    app.post(`${prefix}${DATA_LINK_PATH}`, { config: limitedBy(options.dataLinkRateLimit) }, async (request, reply) => {
      const started = Date.now();
      const email = field(request.body, 'email') ?? '';
      if (isValidEmail(email)) await service.requestDataLink(normalizeEmail(email));
      const wait = (options.dataLinkAnswerMs ?? 400) - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return page(reply, 200, DATA_LINK_PATH, { page: 'data-link-sent' });
    });
  }
}

interface ManageRouteHelpers {
  service: PersonLinks;
  page: (reply: FastifyReply, status: number, path: string, view: SelfServiceView, person?: SignupRow) => FastifyReply;
  refuse: (reply: FastifyReply, failure: TokenFailure, path: string) => FastifyReply;
  manage: (person: SignupRow, extra?: ManageExtras) => Promise<SelfServiceView>;
  confirmed: (person: SignupRow, extra: { token?: string; answered?: boolean; answers_invalid?: boolean }) => Promise<SelfServiceView>;
  secureCookies: boolean;
}

interface ManageExtras {
  saved?: boolean;
  invalid?: PersonCorrectableField[];
  answered?: boolean;
  answers_invalid?: boolean;
}

/**
 * The person's data page and its three forms: download, correct, erase. The link's first GET moves its token to a
 * cookie (HttpOnly, SameSite=Strict, Secure on an https site, on the data pages' path only, ending with the token)
 * and answers 303 to the same page without it; the page and its forms then work from the cookie. A form post that
 * carries the token itself (a page opened before this change) is still honoured.
 */
function registerManageRoutes(
  app: FastifyInstance,
  prefix: string,
  { service, page, refuse, manage, confirmed, secureCookies }: ManageRouteHelpers,
) {
  const path = PERSON_LINK_PATHS.manage;
  const cookiePath = `${prefix}${path}`;
  const cookieOptions = (request: FastifyRequest, maxAgeSeconds?: number) =>
    ({
      path: cookiePath,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies || request.protocol === 'https',
      ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    }) as const;
  const forget = (request: FastifyRequest, reply: FastifyReply) => reply.clearCookie(MANAGE_COOKIE, cookieOptions(request));
  const presented = (request: FastifyRequest) => request.cookies[MANAGE_COOKIE] ?? field(request.body, 'token');
  /** A refused token from the cookie is forgotten, so the browser stops sending it. */
  const refuseAndForget = (request: FastifyRequest, reply: FastifyReply, failure: TokenFailure) => {
    if (request.cookies[MANAGE_COOKIE] !== undefined) forget(request, reply);
    return refuse(reply, failure, path);
  };

  app.get(cookiePath, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query.token !== undefined) {
      const resolved = await service.resolve(query.token, 'manage');
      if (!resolved.ok) return refuse(reply, resolved, path);
      // The person's own language: the page, its forms and the cookie's path all live under it.
      const home = localizedPath(isSiteLocale(resolved.person.locale) ? resolved.person.locale : DEFAULT_LOCALE, path);
      const maxAge = Math.floor((resolved.expiresAt.getTime() - Date.now()) / 1000);
      reply.setCookie(MANAGE_COOKIE, query.token as string, { ...cookieOptions(request, maxAge), path: home });
      return reply.code(303).header('location', home).send();
    }
    const token = request.cookies[MANAGE_COOKIE];
    if (token === undefined) {
      // From webmail the redirect arrives without the cookie (SameSite=Strict): the page reloads itself once.
      if (query[MANAGE_REOPEN_PARAM] === undefined) return page(reply, 200, path, { page: 'opening' });
      return page(reply, 400, path, { page: 'problem', problem: 'missing' });
    }
    const resolved = await service.resolve(token, 'manage');
    if (!resolved.ok) return refuseAndForget(request, reply, resolved);
    return page(reply, 200, path, await manage(resolved.person), resolved.person);
  });

  app.post(`${prefix}${MANAGE_ACTIONS.export}`, async (request, reply) => {
    const result = await service.exportData(presented(request));
    if (!result.ok) return refuseAndForget(request, reply, result);
    return reply
      .code(200)
      .header('content-disposition', 'attachment; filename="my-waitlist-data.json"')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(result.data, null, 2));
  });

  app.post(`${prefix}${MANAGE_ACTIONS.correct}`, async (request, reply) => {
    const token = presented(request);
    const outcomes = fields(request.body, 'desired_outcomes');
    const parsed = adminCorrectionSchema.safeParse({
      role: field(request.body, 'role'),
      company_size: field(request.body, 'company_size'),
      desired_outcomes: outcomes,
      other_outcome: otherOutcomeText(outcomes, field(request.body, 'other_outcome')),
    });
    if (!parsed.success) {
      const resolved = await service.resolve(token, 'manage');
      if (!resolved.ok) return refuseAndForget(request, reply, resolved);
      const invalid = PERSON_CORRECTABLE_FIELDS.filter((column) => parsed.error.issues.some((issue) => issue.path[0] === column));
      return page(reply, 400, path, await manage(resolved.person, { invalid }), resolved.person);
    }
    const { email: _ignored, ...changes } = parsed.data;
    const result = await service.correct(token, changes);
    if (!result.ok) return refuseAndForget(request, reply, result);
    return page(reply, 200, path, await manage(result.person, { saved: true }), result.person);
  });

  // The answers to the questions after confirming: from the data page (its cookie) or from the page after confirming
  // (the token in a hidden field of its form; `from=confirmed` answers with that page again).
  app.post(`${prefix}${MANAGE_ACTIONS.answers}`, async (request, reply) => {
    const fromConfirmed = field(request.body, 'from') === 'confirmed';
    const token = fromConfirmed ? field(request.body, 'token') : presented(request);
    const result = await service.answer(token, (name) => fields(request.body, name));
    if (!result.ok) return fromConfirmed ? refuse(reply, result, PERSON_LINK_PATHS.confirm) : refuseAndForget(request, reply, result);
    const status = result.valid ? 200 : 400;
    const outcome = result.valid ? { answered: true } : { answers_invalid: true };
    if (fromConfirmed) {
      const view = await confirmed(result.person, { token: token as string, ...outcome });
      return page(reply, status, PERSON_LINK_PATHS.confirm, view, result.person);
    }
    return page(reply, status, path, await manage(result.person, outcome), result.person);
  });

  app.post(`${prefix}${MANAGE_ACTIONS.erase}`, async (request, reply) => {
    const token = presented(request);
    const resolved = await service.resolve(token, 'manage');
    if (!resolved.ok) return refuseAndForget(request, reply, resolved);
    if (field(request.body, 'confirm') !== 'yes') return page(reply, 400, path, await manage(resolved.person), resolved.person);
    const result = await service.erase(token);
    if (!result.ok) return refuseAndForget(request, reply, result);
    // Nothing is left to manage: the cookie goes with the data.
    forget(request, reply);
    return page(reply, 200, path, { page: 'erased' }, resolved.person);
  });
}
