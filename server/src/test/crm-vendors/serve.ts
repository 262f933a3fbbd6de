import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * HubSpot's and Pipedrive's APIs as their references document them, on loopback inside the test (issue 49 item 5):
 * each request is checked field by field (a wrong body answers the vendor's own 400, a wrong token its 401), the state
 * is kept (contacts, companies, associations, properties), and a test can make the vendor rate-limit (429 with the
 * vendor's body and headers), fail (5xx) or go away (connection refused) for a while.
 *
 * Sources: HubSpot CRM API v3 (contacts batch upsert, companies search and create, properties, GDPR delete), v4
 * associations (default contact-to-company, type 279), its error and 429 bodies; Pipedrive API v2 persons and
 * organizations (search, create, PATCH, DELETE; create answers 200), v1 personFields and users/me, its error body and
 * x-ratelimit-* headers. docs/decisions/0046-crm-sync.md lists them.
 */
export interface VendorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeVendor {
  readonly url: string;
  readonly requests: readonly VendorRequest[];
  /** The next `count` requests answer 429 as the vendor does. */
  rateLimitNext(count: number): void;
  /** The next `count` requests answer `status` (a 5xx) with the vendor's error body. */
  failNext(count: number, status: number): void;
  /** Stop listening (connection refused) until `start()`; same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function serve(handle: (request: VendorRequest) => Answer, tooMany: () => Answer, failure: (status: number) => Answer) {
  const requests: VendorRequest[] = [];
  let limited = 0;
  let failing: { count: number; status: number } = { count: 0, status: 500 };
  let server: http.Server | null = null;
  let port = 0;
  const listen = async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://vendor');
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
        const request: VendorRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
        };
        requests.push(request);
        let answer: Answer;
        if (limited > 0) {
          limited -= 1;
          answer = tooMany();
        } else if (failing.count > 0) {
          failing.count -= 1;
          answer = failure(failing.status);
        } else {
          try {
            answer = handle(request);
          } catch (error) {
            answer = { status: 400, body: { status: 'error', message: error instanceof Error ? error.message : String(error) } };
          }
        }
        res.writeHead(answer.status, { ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }), ...answer.headers });
        res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  };
  await listen();
  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    rateLimitNext: (count: number) => void (limited = count),
    failNext: (count: number, status: number) => void (failing = { count, status }),
    stop,
    start: listen,
    close: stop,
  };
}
