import {
  ADMIN_API,
  isApiError,
  type AdminCorrection,
  type AdminFilters,
  type AdminMailLog,
  type AdminOutbox,
  type AdminSessionInfo,
  type AdminSignup,
  type AdminSignupPage,
  type AdminStats,
  type AdminWebhooks,
  type AdminCompanies,
  type AdminFollowUp,
  type AdminFunnel,
  type AdminMailSettings,
  type FollowUpStatus,
  type FunnelDimension,
} from '@waitlist/contract';

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

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  } catch {
    throw new AdminApiError(0, 'network', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiError(body)) throw new AdminApiError(response.status, body.code, body.message);
    throw new AdminApiError(response.status, 'http', `The server answered ${response.status}. Please try again.`);
  }
  return body as T;
}

export type ListParams = AdminFilters & { cursor?: string | undefined; limit?: number };

/** Filters as a query string (empty values left out); the CSV link uses the same one. */
export function toQueryString(params: Partial<ListParams>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminApi = {
  session: () => request<AdminSessionInfo>('/session'),
  signIn: (email: string, password: string) =>
    request<AdminSessionInfo>('/session', { method: 'POST', body: JSON.stringify({ email, password }) }),
  signOut: () => request<void>('/session', { method: 'DELETE' }),
  list: (params: ListParams) => request<AdminSignupPage>(`/signups${toQueryString(params)}`),
  get: (id: number) => request<AdminSignup>(`/signups/${id}`),
  correct: (id: number, correction: AdminCorrection) =>
    request<AdminSignup>(`/signups/${id}`, { method: 'PATCH', body: JSON.stringify(correction) }),
  erase: (id: number) => request<void>(`/signups/${id}`, { method: 'DELETE' }),
  stats: () => request<AdminStats>('/stats'),
  mailLog: (id: number) => request<AdminMailLog>(`/signups/${id}/mail`),
  resendConfirmation: (id: number) => request<void>(`/signups/${id}/resend-confirmation`, { method: 'POST' }),
  outbox: () => request<AdminOutbox>('/outbox'),
  retryMail: (id: number) => request<void>(`/outbox/${id}/retry`, { method: 'POST' }),
  webhooks: () => request<AdminWebhooks>('/webhooks'),
  funnel: (from: string, to: string, by: FunnelDimension) =>
    request<AdminFunnel>(`/funnel?${new URLSearchParams({ from, to, by }).toString()}`),
  companies: () => request<AdminCompanies>('/companies'),
  setStatus: (ids: number[], status: FollowUpStatus) =>
    request<{ changed: number[]; missing: number[] }>('/signups/status', { method: 'POST', body: JSON.stringify({ ids, status }) }),
  followUp: (id: number) => request<AdminFollowUp>(`/signups/${id}/follow-up`),
  addNote: (id: number, body: string) => request<void>(`/signups/${id}/notes`, { method: 'POST', body: JSON.stringify({ body }) }),
  mailSettings: () => request<AdminMailSettings>('/mail-settings'),
  saveMailSettings: (settings: AdminMailSettings) =>
    request<AdminMailSettings>('/mail-settings', { method: 'PUT', body: JSON.stringify(settings) }),
  resendWebhook: (id: number) => request<void>(`/webhooks/${id}/resend`, { method: 'POST' }),
  exportCsvUrl: (filters: AdminFilters) => `${ADMIN_API}/signups/export.csv${toQueryString(filters)}`,
  exportJsonUrl: (id: number) => `${ADMIN_API}/signups/${id}/export.json`,
};
