import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SITE_LOCALES,
  adminCorrectionSchema,
  isValidEmail,
  localeOfPath,
  localePrefix,
  normalizeEmail,
  otherOutcomeText,
} from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { limitedBy } from '../../http/rate-limit';
import type { RateLimitRule } from '../../http/rate-limits';
import { selfServiceCopy } from './copy';
import { confirmPage, managePage, messagePage, problemPage, unsubscribePage, type PageFrame } from './pages';
import type { PersonLinks, TokenFailure } from '../../services/person-links';

/**
 * The pages behind the links in our mail, and the privacy page's "send me my link" form. A GET shows a page and
 * changes nothing (mail scanners open every link); only a POST acts. Each answer is noindex, never cached and
 * sends no Referer, so the token in the URL goes nowhere else. See docs/decisions/0007-outbox-and-self-service-links.md.
 */

export interface SelfServiceRoutesOptions {
  service: PersonLinks;
  stylesheet: string | null;
  /** rate-limits.ts: dataLink ("send me my link"). */
  dataLinkRateLimit: RateLimitRule | null;
  /** The data-link answer never comes sooner, so its timing says nothing about whether the address is known. */
  dataLinkAnswerMs?: number;
}

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
  const { service } = options;
  // Form posts are parsed only in this scope; RFC 8058 one-click posts may come as multipart with no field we need.
  await app.register(fastifyFormbody, { bodyLimit: 8 * 1024 });
  // Any other body (multipart, text/plain) carries nothing these routes read: accepted and ignored, never a 415.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, _body, done) => done(null, {}));

  /** A page in the language of the URL (`/sv/confirm`): for answers that know no person (bad link, rate limit). */
  const frame = (request: FastifyRequest): PageFrame => frameFor(localeOfPath(request.url));
  const frameFor = (locale: string): PageFrame => ({ copy: selfServiceCopy(locale), stylesheet: options.stylesheet });

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(PRIVATE_HEADERS);
  });

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const refuse = (reply: FastifyReply, failure: TokenFailure) =>
    html(reply, failure.status, problemPage(frame(reply.request), failure.problem));

  // A 429 from the rate limit is a page here, like everything else a person sees.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError && error.statusCode === 429) {
      const c = frame(request).copy.tooMany;
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return html(reply, 429, messagePage(frame(request), c.title, c.text));
    }
    throw error;
  });

  // Every page under each language's prefix (/confirm, /sv/confirm): a person's own pages come in their stored
  // language; what knows no person (a bad link, the data-link answer) in the language of the URL.
  for (const prefix of SITE_LOCALES.map(localePrefix)) {
    // --- Confirm (double opt-in) ---
    app.get(`${prefix}/confirm`, async (request, reply) => {
      const token = queryToken(request);
      const resolved = await service.resolve(token, 'confirm');
      if (!resolved.ok) return refuse(reply, resolved);
      return html(reply, 200, confirmPage(frameFor(resolved.person.locale), token as string));
    });

    app.post(`${prefix}/confirm`, async (request, reply) => {
      const result = await service.confirm(field(request.body, 'token'));
      if (!result.ok) return refuse(reply, result);
      const c = frameFor(result.person.locale).copy.confirm;
      return html(reply, 200, messagePage(frameFor(result.person.locale), c.doneTitle, c.doneText));
    });

    // --- Unsubscribe: a page with a button, and the RFC 8058 one-click POST (token in the URL, no session) ---
    app.get(`${prefix}/unsubscribe`, async (request, reply) => {
      const token = queryToken(request);
      const resolved = await service.resolve(token, 'unsubscribe');
      if (!resolved.ok) return refuse(reply, resolved);
      return html(reply, 200, unsubscribePage(frameFor(resolved.person.locale), token as string));
    });

    app.post(`${prefix}/unsubscribe`, async (request, reply) => {
      const result = await service.unsubscribe(queryToken(request) ?? field(request.body, 'token'));
      if (!result.ok) return refuse(reply, result);
      const f = frameFor(result.person.locale);
      return html(reply, 200, messagePage(f, f.copy.unsubscribe.doneTitle, f.copy.unsubscribe.doneText));
    });

    // --- Manage your data ---
    app.get(`${prefix}/manage`, async (request, reply) => {
      const token = queryToken(request);
      const resolved = await service.resolve(token, 'manage');
      if (!resolved.ok) return refuse(reply, resolved);
      return html(reply, 200, managePage(frameFor(resolved.person.locale), token as string, resolved.person));
    });

    app.post(`${prefix}/manage/export`, async (request, reply) => {
      const result = await service.exportData(field(request.body, 'token'));
      if (!result.ok) return refuse(reply, result);
      return reply
        .code(200)
        .header('content-disposition', 'attachment; filename="my-waitlist-data.json"')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(result.data, null, 2));
    });

    app.post(`${prefix}/manage/correct`, async (request, reply) => {
      const token = field(request.body, 'token');
      const outcomes = fields(request.body, 'desired_outcomes');
      const parsed = adminCorrectionSchema.safeParse({
        role: field(request.body, 'role'),
        company_size: field(request.body, 'company_size'),
        desired_outcomes: outcomes,
        other_outcome: otherOutcomeText(outcomes, field(request.body, 'other_outcome')),
      });
      if (!parsed.success) {
        const resolved = await service.resolve(token, 'manage');
        if (!resolved.ok) return refuse(reply, resolved);
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
        return html(reply, 400, managePage(frameFor(resolved.person.locale), token!, resolved.person, { errors }));
      }
      const { email: _ignored, ...changes } = parsed.data;
      const result = await service.correct(token, changes);
      if (!result.ok) return refuse(reply, result);
      return html(reply, 200, managePage(frameFor(result.person.locale), token!, result.person, { saved: true }));
    });

    app.post(`${prefix}/manage/erase`, async (request, reply) => {
      const token = field(request.body, 'token');
      const resolved = await service.resolve(token, 'manage');
      if (!resolved.ok) return refuse(reply, resolved);
      const f = frameFor(resolved.person.locale);
      if (field(request.body, 'confirm') !== 'yes') return html(reply, 400, managePage(f, token!, resolved.person, { errors: {} }));
      const result = await service.erase(token);
      if (!result.ok) return refuse(reply, result);
      return html(reply, 200, messagePage(f, f.copy.manage.erasedTitle, f.copy.manage.erasedText));
    });

    // --- "Send me my link" (privacy page): the same answer, at the same pace, whether or not the address is known ---
    app.post(
      `${prefix}/privacy/data-link`,
      {
        config: limitedBy(options.dataLinkRateLimit),
      },
      async (request, reply) => {
        const started = Date.now();
        const email = field(request.body, 'email') ?? '';
        if (isValidEmail(email)) await service.requestDataLink(normalizeEmail(email));
        const floor = options.dataLinkAnswerMs ?? 400;
        const wait = floor - (Date.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const c = frame(request).copy.dataLink;
        return html(reply, 200, messagePage(frame(request), c.title, c.text));
      },
    );
  }
}
