import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { ADMIN_API, type AdminSessionInfo, type OperatorRole } from '@waitlist/contract';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { createAdminQueryClient } from '../features/admin/api/query-client';
import { createConsoleRouter } from '../features/admin/app/router';
import { RoleProvider } from '../features/admin/app/role';

/**
 * A console screen in a DOM, for its states and errors (issue 46): the screen as the operator sees it, with the
 * console's own query client and role, and the admin API answered by a table of the answers its routes give. The
 * routes themselves are proven against both databases in server/src/routes/admin/*.test.ts; the browser tests
 * (e2e/*-console.test.ts) walk the screens end to end against the built server. Answers are typed with the contract's
 * types, so an answer the contract no longer allows fails the typecheck, and the client parses them with its schemas,
 * so one the screen reads with the wrong schema shows the contract error here.
 */

/** The signed-in owner the console's tests start from (GET /session), as a server answers: a second factor, whole addresses. */
export const ownerSession = (overrides: Partial<AdminSessionInfo> = {}): AdminSessionInfo => ({
  operator: { id: 1, email: 'founder@acme.example', role: 'owner' },
  expires_at: '2099-11-29T08:00:00.000Z',
  fresh_until: '2026-11-28T08:10:00.000Z',
  two_factor: { totp: true, passkeys: 0 },
  enrolment_required: false,
  sees_addresses: true,
  ...overrides,
});

/** What the admin API answers to one request: a body (200), or a status and body (an error in the API's shape). */
export type Answer = unknown | { status: number; body?: unknown };
type Route = Answer | ((request: SentRequest) => Answer);

export interface SentRequest {
  method: string;
  /** The path under /api/admin, with its query string. */
  path: string;
  body: unknown;
}

const isStatusAnswer = (answer: unknown): answer is { status: number; body?: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && typeof (answer as { status: unknown }).status === 'number';

/** An answer that never comes: the fetch fails as a browser's does when the server cannot be reached. */
export const NETWORK_DOWN = Symbol('the network is down');

/** The API's error shape, as the server sends it. */
export const apiError = (status: number, code: string, message: string) => ({ status, body: { code, message, details: null, hint: null } });

/**
 * Answers the console's requests from `routes` ("GET /partner-codes": answer, or a function of the request); a request
 * nobody answers fails the test with its method and path. Returns the requests the screen sent, in order.
 */
export function answerAdminApi(routes: Record<string, Route>) {
  const sent: SentRequest[] = [];
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    if (!url.pathname.startsWith(ADMIN_API)) throw new Error(`the console fetched ${url.pathname}, outside ${ADMIN_API}`);
    const path = url.pathname.slice(ADMIN_API.length) + url.search;
    const method = (init.method ?? 'GET').toUpperCase();
    const request: SentRequest = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    sent.push(request);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname.slice(ADMIN_API.length)}`];
    if (route === undefined) throw new Error(`no answer for ${method} ${path} in this test`);
    const answer = typeof route === 'function' ? (route as (r: SentRequest) => Answer)(request) : route;
    if (answer === NETWORK_DOWN) throw new TypeError('Failed to fetch');
    const { status, body } = isStatusAnswer(answer) ? answer : { status: 200, body: answer };
    return new Response(status === 204 ? null : JSON.stringify(body ?? null), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchDouble);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function testQueryClient() {
  const queryClient = createAdminQueryClient();
  // A failed read is shown at once: the retries with their back-off are the query client's own test.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

/**
 * Renders a console screen for an operator of `role` (owner unless said), with a fresh query client, inside a router
 * of its own at /admin (the screen's links need one), settled before the screen is drawn.
 */
export async function renderConsole(ui: ReactElement, { role = 'owner' }: { role?: OperatorRole } = {}): Promise<RenderResult> {
  const root = createRootRoute({ component: () => <RoleProvider role={role}>{ui}</RoleProvider> });
  const router = createRouter({ routeTree: root, basepath: '/admin', history: createMemoryHistory({ initialEntries: ['/admin'] }) });
  await router.load();
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

/**
 * The whole console at an address (`/admin/signups?role=Other`), as a browser opens it: its router, the sign-in gate,
 * the screens. Returns the router, whose `history` is what Back and Forward move through.
 */
export function renderConsoleAt(address: string) {
  const history = createMemoryHistory({ initialEntries: [address] });
  const router = createConsoleRouter(history);
  const result = render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, history };
}
