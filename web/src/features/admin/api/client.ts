import { ADMIN_API, isApiError, type AnswerOf, type AnswerSchema } from '@waitlist/contract';
import { consoleWordsFor, type ConsoleWords } from '@waitlist/catalogue/console';

/**
 * The words of the errors the console itself finds (the server unreachable, an answer it cannot read), in the
 * console's language: the language's provider (app/console-language.tsx) sets them. The server's own refusals come
 * with its message, in English.
 */
let errorWords: ConsoleWords['apiErrors'] = consoleWordsFor('en').apiErrors;
export const sayErrorsIn = (words: ConsoleWords['apiErrors']) => {
  errorWords = words;
};
export const clientErrors = () => errorWords;

/** An answer of the admin API in the `{code, message, details, hint}` shape, or a network failure (status 0). */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** The admin API's answer as sent (after a 2xx), or an AdminApiError. */
async function call(path: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  } catch {
    throw new AdminApiError(0, 'network', errorWords.unreachable);
  }
  if (response.status === 204) return undefined;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiError(body)) throw new AdminApiError(response.status, body.code, body.message);
    throw new AdminApiError(response.status, 'http', errorWords.status(response.status));
  }
  return body;
}

/**
 * One call to the admin API, its answer read through the contract's schema of it (issue 46 item 5): an answer the
 * console does not know (a server of another version, a changed field) is an error the screen shows, never data cast
 * into a shape it does not have. JSON in and out, the session cookie sent, errors as AdminApiError.
 */
export async function request<S extends AnswerSchema>(schema: S, path: string, init: RequestInit = {}): Promise<AnswerOf<S>> {
  const parsed = schema.safeParse(await call(path, init));
  if (parsed.success) return parsed.data;
  throw new AdminApiError(200, 'contract', errorWords.unknownAnswer);
}

/** A call whose answer the console does not read (204 No Content, or an acknowledgement). */
export async function send(path: string, init: RequestInit = {}): Promise<void> {
  await call(path, init);
}

/** Filters as a query string (empty values left out); the CSV link uses the same one. */
export function toQueryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A JSON body for a state-changing request. */
export const json = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
