import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LOCALE,
  MANAGE_ACTIONS,
  MANAGE_COOKIE,
  MANAGE_REOPEN_PARAM,
  PERSON_CORRECTABLE_FIELDS,
  PERSON_LINK_PATHS,
  adminCorrectionSchema,
  isSiteLocale,
  localizedPath,
  otherOutcomeText,
  type PersonCorrectableField,
  type SelfServiceView,
} from '@waitlist/contract';
import type { SignupRow } from '../../db/stores/signups';
import type { PersonLinks, TokenFailure } from '../../services/person-links';
import { field, fields } from './form-fields';

export interface ManageRouteHelpers {
  service: PersonLinks;
  page: (reply: FastifyReply, status: number, path: string, view: SelfServiceView, person?: SignupRow) => FastifyReply;
  refuse: (reply: FastifyReply, failure: TokenFailure, path: string) => FastifyReply;
  manage: (person: SignupRow, extra?: ManageExtras) => Promise<SelfServiceView>;
  confirmed: (person: SignupRow, extra: { token?: string; answered?: boolean; answers_invalid?: boolean }) => Promise<SelfServiceView>;
  secureCookies: boolean;
}

export interface ManageExtras {
  saved?: boolean;
  invalid?: PersonCorrectableField[];
  answered?: boolean;
  answers_invalid?: boolean;
}

/**
 * The person's data page and its forms: download, correct, answer the questions after confirming, erase. The link's first GET moves its token to a
 * cookie (HttpOnly, SameSite=Strict, Secure on an https site, on the data pages' path only, ending with the token)
 * and answers 303 to the same page without it; the page and its forms then work from the cookie. A form post that
 * carries the token itself (a page opened before this change) is still honoured.
 */
export function registerManageRoutes(
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
