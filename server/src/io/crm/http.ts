import { CrmRequestError, type CrmCheck } from './types';

/**
 * One HTTP exchange with a CRM's API: JSON both ways, a timeout, and every refusal turned into a CrmRequestError that
 * says whether to try again (429, 5xx, no answer) and when (Retry-After, or the vendor's rate-limit reset), with the
 * vendor's own message. Addresses in a message are masked: it ends up in the console and the logs.
 */
export interface CrmHttpOptions {
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  /** Requests per window the vendor documents for this kind of token; each request waits its turn. */
  pace: { requests: number; windowMs: number };
  /** Tighter paces for some paths (HubSpot's search: 4 a second). */
  pathPaces?: readonly { path: RegExp; requests: number; windowMs: number }[];
  /** The vendor's error body → its message. */
  messageOf: (body: unknown) => string | undefined;
  /** How long a 429 with this body asks us to wait, when its headers do not say (HubSpot's daily limit). */
  waitAfter429?: (body: unknown) => number | undefined;
}

export interface CrmResponse<T> {
  status: number;
  body: T;
}

const ADDRESS = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
/** A vendor's message with any e-mail address in it masked (`a…@scania.com`). */
export const withoutAddresses = (text: string) =>
  text.replace(ADDRESS, (address) => `${address[0]}…@${address.split('@').pop() ?? ''}`).slice(0, 300);

/** A pace of `requests` per `windowMs`: each request waits for a free slot in the window (this process's share). */
function createPace({ requests, windowMs }: { requests: number; windowMs: number }) {
  const sent: number[] = [];
  let queue = Promise.resolve();
  return (): Promise<void> => {
    const turn = queue.then(async () => {
      for (;;) {
        const now = Date.now();
        while (sent.length > 0 && sent[0]! <= now - windowMs) sent.shift();
        if (sent.length < requests) {
          sent.push(now);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, sent[0]! + windowMs - now + 1));
      }
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}

/** Seconds (Retry-After, x-ratelimit-reset) → milliseconds; an HTTP date → the time until then. */
function waitOf(headers: Headers): number | null {
  for (const name of ['retry-after', 'x-ratelimit-reset']) {
    const value = headers.get(name);
    if (!value) continue;
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 24 * 3600) * 1000;
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return null;
}

export function createCrmHttp(options: CrmHttpOptions) {
  const waitTurn = createPace(options.pace);
  const pathTurns = (options.pathPaces ?? []).map((p) => ({ path: p.path, wait: createPace(p) }));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = options.baseUrl.replace(/\/+$/, '');

  return async function request<T>(method: string, path: string, body?: unknown): Promise<CrmResponse<T>> {
    for (const turn of pathTurns) if (turn.path.test(path)) await turn.wait();
    await waitTurn();
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new CrmRequestError(`no answer: ${withoutAddresses(cause)}`, 'retry', null);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    if (response.ok) return { status: response.status, body: parsed as T };
    const said = withoutAddresses(options.messageOf(parsed) ?? (typeof parsed === 'string' ? parsed : response.statusText));
    const message = `HTTP ${response.status}: ${said}`;
    if (response.status === 429)
      throw new CrmRequestError(message, 'retry', 429, waitOf(response.headers) ?? options.waitAfter429?.(parsed) ?? options.pace.windowMs);
    if (response.status >= 500) throw new CrmRequestError(message, 'retry', response.status, waitOf(response.headers));
    throw new CrmRequestError(message, 'refused', response.status);
  };
}

export type CrmHttp = ReturnType<typeof createCrmHttp>;

/** One check of "test the connection": a GET the token must be allowed, and what it showed, in words. */
export const readCheck =
  (http: CrmHttp, vendor: string) =>
  async (name: string, path: string, what: string): Promise<CrmCheck> => {
    try {
      await http('GET', path);
      return { name, ok: true, detail: `${vendor} let the token ${what}.` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { name, ok: false, detail: `${vendor} refused to let the token ${what}: ${message}` };
    }
  };
