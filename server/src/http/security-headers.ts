import type { FastifyInstance } from 'fastify';

/** Strict by default: the site needs nothing from another origin (docs/decisions/0003). */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** On every response. */
const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Policies a browser applies only to a document (or worker); pages, SVGs, the 404 page and the API get them. */
const DOCUMENT_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Scripts and stylesheets are never documents (we start no workers), so document policies on them do nothing but
 * cost ~0.4 KB per request against the JS budget of `/` (docs/decisions/0003). Everything else gets the full set.
 */
const SUBRESOURCE_TYPE = /^(text\/css|(application|text)\/javascript)\b/i;

export function registerSecurityHeaders(app: FastifyInstance, { httpsSite }: { httpsSite: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const isSubresource = SUBRESOURCE_TYPE.test(String(reply.getHeader('content-type') ?? ''));
    for (const headers of isSubresource ? [BASE_HEADERS] : [BASE_HEADERS, DOCUMENT_HEADERS]) {
      for (const [name, value] of Object.entries(headers)) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
    }
    // HSTS whenever the public origin is https (behind a proxy the request itself may look like http), or the
    // request came over TLS.
    if (httpsSite || request.protocol === 'https') reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    return payload;
  });
}
