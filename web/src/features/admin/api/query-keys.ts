import { hashKey, type QueryKey } from '@tanstack/react-query';
import type { AdminFilters } from '@waitlist/contract';

/** Every query key of the console comes from here, so an invalidation always matches what a page cached. */
export const adminKeys = {
  session: () => ['admin', 'session'] as const,
  sessions: () => ['admin', 'sessions'] as const,
  /** All lists of sign-ups, whatever their filters and page. */
  signupLists: () => ['admin', 'signups'] as const,
  signupList: (filters: AdminFilters, from: { cursor: string } | { page: number }) => [...adminKeys.signupLists(), filters, from] as const,
  signup: (id: number) => ['admin', 'signup', id] as const,
  stats: () => ['admin', 'stats'] as const,
  mailLog: (id: number) => ['admin', 'signup', id, 'mail'] as const,
  outbox: () => ['admin', 'outbox'] as const,
  webhooks: () => ['admin', 'webhooks'] as const,
  funnel: (from: string, to: string, by: string) => ['admin', 'funnel', from, to, by] as const,
  /** Every page of companies, whatever its order. */
  companies: () => ['admin', 'companies'] as const,
  company: (sort: string, page: number) => [...adminKeys.companies(), sort, page] as const,
  followUp: (id: number) => ['admin', 'signup', id, 'follow-up'] as const,
  mailSettings: () => ['admin', 'mail-settings'] as const,
  language: () => ['admin', 'account', 'language'] as const,
  mailHealth: () => ['admin', 'mail-health'] as const,
  backups: () => ['admin', 'backups'] as const,
  mailRefusals: () => ['admin', 'mail-refusals'] as const,
  suppressionCounts: () => ['admin', 'suppressions', 'counts'] as const,
  waves: () => ['admin', 'waves'] as const,
  partnerCodes: () => ['admin', 'partner-codes'] as const,
  campaigns: () => ['admin', 'campaigns'] as const,
  fitWeights: () => ['admin', 'fit-weights'] as const,
  fitSpread: () => ['admin', 'fit-spread'] as const,
  meetings: () => ['admin', 'meetings'] as const,
  questions: () => ['admin', 'questions'] as const,
  team: () => ['admin', 'team'] as const,
  apiKeys: () => ['admin', 'api-keys'] as const,
  /** The CRM's connection and its latest exchanges (issue 49). */
  crm: () => ['admin', 'crm'] as const,
  /** The saved segments with their counts (issue 48 item 2). */
  segments: () => ['admin', 'segments'] as const,
  documentRequests: () => ['admin', 'document-requests'] as const,
  sso: () => ['admin', 'sso'] as const,
  ssoOffer: () => ['admin', 'sso-offer'] as const,
  passkeys: () => ['admin', 'passkeys'] as const,
  audit: (filters: object, cursor: string | undefined) => ['admin', 'audit', filters, cursor ?? null] as const,
  auditOperators: () => ['admin', 'audit', 'operators'] as const,
};

/** Keys are arrays built afresh on every call: compare them by value, never by reference. */
export const sameKey = (a: QueryKey, b: QueryKey): boolean => hashKey(a) === hashKey(b);
