import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  DOCUMENT_REQUEST_PROOF_FIELD,
  DOCUMENT_REQUEST_SENT_PATH,
  DPA_PATH,
  EMPTY_DOCUMENT_REQUEST_VALUES,
  SECURITY_TXT_PATH,
  SIGNUP_BODY_LIMIT_BYTES,
  SITE_LOCALES,
  TRUST_PATH,
  documentRequestValuesFromEntries,
  localeOfPath,
  localizedPath,
  validateDocumentRequest,
  type DocumentRequestAnswer,
  type TrustView,
} from '@waitlist/contract';
import { formPostErrorHandler, type PageRenderer } from '../../http/page-renderer';
import { formEntries, formEntry } from '../../http/form-entries';
import { tooManyRequests, type SharedLimit } from '../../http/rate-limiter';
import { httpErrorOf } from '../../http/write-errors';
import { isFormToken, newFormToken } from '../../lib/form-token';
import type { MetricsRecorder } from '../../lib/metrics-recorder';
import type { DocumentRequests } from '../../services/document-requests';

export interface TrustRoutesOptions {
  pages: PageRenderer;
  /** services/trust.ts: the page's facts from the running server's settings. */
  view: () => TrustView;
  /** services/trust.ts: /.well-known/security.txt as of now. */
  securityTxt: (now: Date) => string;
  /** services/document-requests.ts: the form's requests. */
  documentRequests: DocumentRequests;
  /** rate-limit-rules.ts: documentRequest (per client network; null: off). */
  documentRequestLimit: SharedLimit | null;
  metrics: MetricsRecorder;
}

/** The pages these routes render, in every language: /trust, /trust/dpa, /trust/requested, /sv/trust, … (the visit beacon counts them). */
export const trustPaths = (): string[] =>
  SITE_LOCALES.flatMap((locale) => [TRUST_PATH, DPA_PATH, DOCUMENT_REQUEST_SENT_PATH].map((page) => localizedPath(locale, page)));

/**
 * The trust page and the data processing agreement in each language, rendered per request from the settings (issue 37
 * item 1: a new relay or host shows at once, with no rebuild; no script needed), security.txt (RFC 9116, item 2), its
 * Expires always ahead, and the trust page's "request our security documents" form posted without script: 303 to
 * /trust/requested when stored (a reload posts nothing again); otherwise the trust page again with the visitor's values
 * and the messages: 422 invalid, 429 too many from this network, 503 database down. Nothing of it is logged.
 */
export async function trustRoutes(app: FastifyInstance, options: TrustRoutesOptions): Promise<void> {
  const { pages, documentRequests, metrics } = options;
  await app.register(fastifyFormbody, { bodyLimit: SIGNUP_BODY_LIMIT_BYTES });

  /** The trust page with its form: fresh, or as posted (with a token of its own when the posted one is not ours). */
  const trustPage = (reply: FastifyReply, status: number, path: string, answer?: DocumentRequestAnswer) => {
    const values = answer?.values ?? EMPTY_DOCUMENT_REQUEST_VALUES;
    const documentRequest: DocumentRequestAnswer = {
      values: { ...values, formToken: isFormToken(values.formToken) ? values.formToken : newFormToken() },
      invalid: answer?.invalid ?? [],
      error: answer?.error ?? null,
    };
    return pages.send(reply, status, path, { trust: options.view(), documentRequest });
  };

  for (const locale of SITE_LOCALES) {
    const path = localizedPath(locale, TRUST_PATH);
    const dpa = localizedPath(locale, DPA_PATH);
    const sent = localizedPath(locale, DOCUMENT_REQUEST_SENT_PATH);
    app.get(path, async (_request, reply) => trustPage(reply, 200, path));
    app.get(dpa, async (_request, reply) => pages.send(reply, 200, dpa, { trust: options.view() }));
    app.get(sent, async (_request, reply) => pages.send(reply, 200, sent, { trust: options.view(), documentRequestSent: true }));
    app.post(
      path,
      {
        bodyLimit: SIGNUP_BODY_LIMIT_BYTES,
        errorHandler: formPostErrorHandler(pages, path, 'document request post'),
      },
      async (request, reply) => {
        const entries = formEntries(request.body);
        const values = documentRequestValuesFromEntries(entries);
        const verdict = await options.documentRequestLimit?.check(request);
        if (verdict && !verdict.allowed) {
          const error = tooManyRequests(options.documentRequestLimit!.rule.message, verdict.retryAfterMs);
          for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
          return trustPage(reply, error.statusCode, path, { values, invalid: [], error: error.toBody() });
        }
        // The honeypot: people never see it, so anything in it is a bot. Answer as if stored; store nothing.
        if (values.website !== '') {
          metrics.count('documentRequests', { outcome: 'honeypot' });
          return reply.redirect(sent, 303);
        }
        const checked = validateDocumentRequest(values, localeOfPath(path));
        if (checked.invalid) {
          metrics.count('documentRequests', { outcome: 'invalid' });
          return trustPage(reply, 422, path, { values, invalid: checked.invalid });
        }
        const token = isFormToken(values.formToken) ? values.formToken : undefined;
        try {
          const outcome = await documentRequests.request(checked.data, formEntry(entries, DOCUMENT_REQUEST_PROOF_FIELD), token);
          metrics.count('documentRequests', { outcome });
        } catch (error) {
          const mapped = httpErrorOf(error);
          if (!mapped) throw error;
          metrics.count('documentRequests', { outcome: 'failed' });
          request.log.warn({ err: error }, 'document request not stored');
          for (const [name, value] of Object.entries(mapped.headers)) reply.header(name, value);
          return trustPage(reply, mapped.statusCode, path, { values, invalid: [], error: mapped.toBody() });
        }
        return reply.redirect(sent, 303);
      },
    );
  }

  app.get(SECURITY_TXT_PATH, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(options.securityTxt(new Date())),
  );
}
