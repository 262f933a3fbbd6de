import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_CODE_PARAM,
  DATA_LINK_PATH,
  DEFAULT_LOCALE,
  PERSON_LINK_PATHS,
  SITE_LOCALES,
  isSiteLocale,
  isValidEmail,
  localeOfPath,
  localePrefix,
  localizedPath,
  normalizeEmail,
  type SelfServiceView,
} from '@waitlist/contract';
import type { SignupRow } from '../../db/stores/signups';
import { HttpError } from '../../http/http-error';
import type { PageRenderer } from '../../http/page-renderer';
import { limitedBy } from '../../http/rate-limiter';
import type { RateLimitRule } from '../../http/rate-limit-rules';
import type { InvitationProblem, InvitationService } from '../../services/invitations';
import type { PersonLinks, TokenFailure } from '../../services/person-links';
import { field } from './form-fields';
import { registerManageRoutes, type ManageExtras } from './manage-routes';

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
