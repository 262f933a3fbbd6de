import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EMAIL_CHOICES,
  PARTNER_JOIN_PATH,
  PROOF_OF_WORK_FIELD,
  SIGNUP_ERROR_FIELDS,
  SITE_LOCALES,
  SIGNUP_BODY_LIMIT_BYTES,
  SIGNUP_THANK_YOU_PATH,
  decodeAttribution,
  localeOfPath,
  localizedPath,
  signupFormValuesFromEntries,
  suggestEmailCorrection,
  toSignupBody,
  validateSignupForm,
  type ApiError,
  type SignupErrorField,
  type SignupFormAnswer,
  type SignupFormValues,
} from '@waitlist/contract';
import { IdempotencyKeyReusedError } from '../../db/errors';
import type { SignupService } from '../../services/signups';
import { formPostErrorHandler, type PageRenderer } from '../../http/page-renderer';
import { tooManyRequests, type SharedLimit } from '../../http/rate-limiter';
import { httpErrorOf } from '../../http/write-errors';
import { formEntries, formEntry } from '../../http/form-entries';
import { clientNetwork } from '../../lib/client-network';
import { formTokenKey, isFormToken, newFormToken } from '../../lib/form-token';
import { partnerCodeHash } from '../../lib/tokens';
import type { MetricsRecorder } from '../../lib/metrics-recorder';
import { outcomeOf } from './outcome';

export interface SignupFormRoutesOptions {
  signups: SignupService;
  pages: PageRenderer;
  /** rate-limit-rules.ts: signup, shared with the API. */
  signupLimit: SharedLimit | null;
  metrics: MetricsRecorder;
}

/**
 * The sign-up form without script (docs/decisions/0006-islands-and-progressive-enhancement.md): each page with
 * the form accepts its post (application/x-www-form-urlencoded), parsed and validated with the contract's form
 * rules and stored through the same repository as the API (group commit, idempotency), and answers with a page:
 * 303 to the thank-you page when stored; otherwise the same page with the visitor's values and the messages —
 * 422 invalid, 409 already registered, 400 invalid data, 429 rate-limited, 503 database down. The e-mail is never
 * in a URL and never logged.
 */
export async function signupFormRoutes(app: FastifyInstance, options: SignupFormRoutesOptions): Promise<void> {
  const { signups, pages, metrics } = options;
  await app.register(fastifyFormbody, { bodyLimit: SIGNUP_BODY_LIMIT_BYTES });

  const answer = (
    reply: FastifyReply,
    status: number,
    pathname: string,
    values: SignupFormValues,
    invalid: SignupErrorField[],
    error: ApiError | null,
    suggestion: string | null = null,
    suggestionOnly = false,
  ) => {
    // The page again, with a form token of its own: the posted one when it is one we could have handed out.
    const state: { signup: SignupFormAnswer } = {
      signup: {
        values: { ...values, formToken: isFormToken(values.formToken) ? values.formToken : newFormToken() },
        invalid,
        error,
        suggestion,
        ...(suggestionOnly ? { suggestionOnly } : {}),
      },
    };
    return pages.send(reply, status, pathname, state);
  };

  /** `join`: the partners' join page, where the code is asked first and confirms the sign-up (issue 23). */
  const handle =
    (pathname: string, join = false) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const values = signupFormValuesFromEntries(formEntries(request.body));

      // One budget per client for every way to sign up (the API counts against it too).
      const verdict = await options.signupLimit?.check(request);
      if (verdict && !verdict.allowed) {
        const error = tooManyRequests(options.signupLimit!.rule.message, verdict.retryAfterMs);
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return answer(reply, error.statusCode, pathname, values, [], error.toBody());
      }

      // The page's language is the sign-up's (its mails come in it) and the thank-you page's.
      const locale = localeOfPath(pathname);
      const thankYou = localizedPath(locale, SIGNUP_THANK_YOU_PATH);

      // The honeypot: people never see it, so anything in it is a bot. Answer as if stored; store nothing.
      if (values.website !== '') {
        metrics.count('signups', { outcome: 'honeypot' });
        request.log.info('honeypot sign-up discarded');
        return reply.redirect(thankYou, 303);
      }

      const checked = validateSignupForm(values);
      const codeMissing = join && values.partnerCode.trim() === '';
      if (checked.invalid || codeMissing) {
        metrics.count('signups', { outcome: 'invalid' });
        const invalid = new Set([...(checked.invalid ?? []), ...(codeMissing ? (['partnerCode'] as const) : [])]);
        return answer(
          reply,
          422,
          pathname,
          values,
          SIGNUP_ERROR_FIELDS.filter((field) => invalid.has(field)),
          null,
        );
      }

      // "Did you mean ada@gmail.com?": asked once, before anything is stored; either button then signs up. When the typed
      // domain would be refused (`gmial.com` is a temporary-inbox domain), only the suggestion is offered, never a dead end.
      const suggestion = suggestEmailCorrection(values.email);
      const onlySuggestion = suggestion !== null && signups.refusesDomainOf(values.email);
      const chose = values.emailChoice === EMAIL_CHOICES.use || (values.emailChoice === EMAIL_CHOICES.keep && !onlySuggestion);
      if (suggestion && !chose) return answer(reply, 200, pathname, values, [], null, suggestion, onlySuggestion);
      const data = suggestion && values.emailChoice === EMAIL_CHOICES.use ? { ...checked.data, email: suggestion } : checked.data;
      const signup = { ...toSignupBody(data), ...decodeAttribution(values.attribution), locale };
      // A page whose script solved the proof of work posts it too; without script there is none (the mail may wait).
      const solution = formEntry(formEntries(request.body), PROOF_OF_WORK_FIELD);
      const key = isFormToken(values.formToken) ? formTokenKey(values.formToken) : undefined;
      try {
        const store = (idempotencyKey: string | undefined) =>
          join
            ? signups.joinWithCode(signup, partnerCodeHash(values.partnerCode), idempotencyKey)
            : signups.signUp(signup, idempotencyKey, solution, { network: clientNetwork(request.ip) });
        let outcome;
        try {
          outcome = await store(key);
        } catch (error) {
          // The same token with another body: the page was shared (a cache, a forwarded copy), not a retry. Store it as
          // its own sign-up rather than refuse the visitor.
          if (!(error instanceof IdempotencyKeyReusedError)) throw error;
          outcome = await store(undefined);
        }
        metrics.count('signups', { outcome });
      } catch (error) {
        metrics.count('signups', { outcome: outcomeOf(error) });
        const mapped = httpErrorOf(error);
        if (!mapped) throw error;
        if (mapped.statusCode >= 500) request.log.warn({ err: error }, 'sign-up form post not stored');
        for (const [name, value] of Object.entries(mapped.headers)) reply.header(name, value);
        return answer(reply, mapped.statusCode, pathname, values, [], mapped.toBody());
      }
      // The join page answers with itself: the person is on the list (a reload replays the form's token: the same page).
      if (join) return pages.send(reply, 200, pathname, { joined: true });
      return reply.redirect(thankYou, 303);
    };

  const joinPages = SITE_LOCALES.map((locale) => localizedPath(locale, PARTNER_JOIN_PATH));
  for (const pathname of [...pages.pagesWithSignup, ...joinPages]) {
    app.post(
      pathname,
      {
        bodyLimit: SIGNUP_BODY_LIMIT_BYTES,
        errorHandler: formPostErrorHandler(pages, pathname, 'sign-up form post'),
      },
      handle(pathname, joinPages.includes(pathname)),
    );
  }
}
