import {
  ADMIN_COMPANY_SORTS,
  FUNNEL_DIMENSIONS,
  adminAuditQuerySchema,
  type AdminAuditQuery,
  type FunnelDimension,
  ADMIN_MAX_PAGE,
  ADMIN_SORTS,
  adminSegmentSchema,
  type AdminCompanySort,
  type AdminFilters,
  type AdminSegment,
  type AdminSort,
} from '@waitlist/contract';

/**
 * What a console view keeps in its address (issue 48 item 1): plain `name=value` pairs, so a link reads as what it
 * shows (`/admin/signups?role=Head+of+Innovation&min_score=60&page=2`). The address search (`q`) is never here: it
 * holds part of an e-mail address, which stays out of URLs, history and logs (docs/security.md); a cursor neither, for
 * the list sorted by address keys its cursor by an address (the page goes by its number).
 */
export type SearchValues = Record<string, string>;

export function parseSearch(search: string): SearchValues {
  const values: SearchValues = {};
  for (const [key, value] of new URLSearchParams(search)) if (value !== '') values[key] = value;
  return values;
}

export function stringifySearch(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const FILTER_NAMES = Object.keys(adminSegmentSchema.shape).filter((name) => name !== 'q') as (keyof AdminSegment)[];

/** The list's view as its address holds it: the filters, the sort (when not the default) and the page (from 2). */
export type ListView = Omit<AdminSegment, 'q'> & { sort?: AdminSort; page?: number };

const pageOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isInteger(n) && n >= 2 && n <= ADMIN_MAX_PAGE ? n : undefined;
};

/**
 * The list's view from an address, each value checked as the API checks it: one it would refuse (a role no form
 * offers, a page past the last a link may open) is left out, so a mangled link opens the nearest view that exists.
 */
export function listViewOf(search: Record<string, unknown>): ListView {
  const view: ListView = {};
  for (const name of FILTER_NAMES) {
    if (search[name] === undefined) continue;
    const parsed = adminSegmentSchema.safeParse({ [name]: String(search[name]) });
    if (parsed.success) Object.assign(view, parsed.data);
  }
  const sort = ADMIN_SORTS.find((s) => s === search.sort);
  if (sort && sort !== '-created_at') view.sort = sort;
  const page = pageOf(search.page);
  if (page) view.page = page;
  return view;
}

/** The list's filters for the API: the view's, with the address search kept in memory only. */
export const filtersOfView = ({ page: _page, sort = '-created_at', ...filters }: ListView, q: string | undefined): AdminFilters => ({
  ...filters,
  sort,
  ...(q ? { q } : {}),
});

/** The view of these filters, back to page one (the address search left out). */
export const viewOfFilters = ({ q: _q, sort, ...filters }: AdminFilters): ListView => listViewOf({ ...filters, sort });

/** The Companies view: its sort (when not the default) and page. */
export interface CompaniesView {
  sort?: AdminCompanySort;
  page?: number;
}

export function companiesViewOf(search: Record<string, unknown>): CompaniesView {
  const sort = ADMIN_COMPANY_SORTS.find((s) => s === search.sort);
  const page = pageOf(search.page);
  return { ...(sort && sort !== '-people' ? { sort } : {}), ...(page ? { page } : {}) };
}

/** Waves and updates: who they go to, a saved segment by its id (else the filters in the address, or everyone). */
export type SendView = Omit<AdminSegment, 'q'> & { segment?: number };

export function sendViewOf(search: Record<string, unknown>): SendView {
  const { sort: _sort, page: _page, ...filters } = listViewOf(search);
  // From the address a string; from a navigation in the console the number it was given.
  const segment = /^\d{1,9}$/.test(String(search.segment ?? '')) ? Number(search.segment) : undefined;
  return segment ? { segment } : filters;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Funnel's period and grouping (none: the last 30 days, per day). */
export interface FunnelView {
  from?: string;
  to?: string;
  by?: FunnelDimension;
}

export function funnelViewOf(search: Record<string, unknown>): FunnelView {
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);
  const by = FUNNEL_DIMENSIONS.find((d) => d === search.by);
  const [from, to] = [day(search.from), day(search.to)];
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(by && by !== 'day' ? { by } : {}) };
}

/**
 * The audit trail's view: operator, action, outcome, period, and the page as the trail's cursor (a time and an entry's
 * number: no address, so it may ride in the address bar; the list of sign-ups' may not).
 */
export type AuditView = AdminAuditQuery;

export function auditViewOf(search: Record<string, unknown>): AuditView {
  const view: AuditView = {};
  for (const name of ['operator', 'action', 'outcome', 'from', 'to', 'cursor'] as const) {
    if (search[name] === undefined) continue;
    const parsed = adminAuditQuerySchema.safeParse({ [name]: String(search[name]) });
    if (parsed.success) Object.assign(view, parsed.data);
  }
  return view;
}
