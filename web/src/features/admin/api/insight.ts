import {
  adminCompaniesSchema,
  adminFitSpreadSchema,
  adminFollowUpSchema,
  adminFunnelSchema,
  adminStatsSchema,
  type AdminCompanySort,
  type FunnelDimension,
} from '@waitlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { json, request, send } from './client';
import { adminKeys } from './query-keys';

/** GET /stats: the dashboard's figures. */
export const useStats = () => useQuery({ queryKey: adminKeys.stats(), queryFn: () => request(adminStatsSchema, '/stats') });

/** GET /fit-spread: how many people on the list score in each band of the fit score (the dashboard). */
export const useFitSpread = () =>
  useQuery({ queryKey: adminKeys.fitSpread(), queryFn: () => request(adminFitSpreadSchema, '/fit-spread') });

/** GET /funnel: visits to sign-ups to confirmations over a period, by a dimension; the old figures stay while new ones load. */
export const useFunnel = (from: string, to: string, by: FunnelDimension) =>
  useQuery({
    queryKey: adminKeys.funnel(from, to, by),
    queryFn: () => request(adminFunnelSchema, `/funnel?${new URLSearchParams({ from, to, by }).toString()}`),
    placeholderData: keepPreviousData,
  });

/** GET /companies: one page, sorted by the server; the page shown stays while the next one loads. */
export const useCompanies = (sort: AdminCompanySort, page: number) =>
  useQuery({
    queryKey: adminKeys.company(sort, page),
    queryFn: () => request(adminCompaniesSchema, `/companies?${new URLSearchParams({ sort, page: String(page) }).toString()}`),
    placeholderData: keepPreviousData,
  });

/** GET /signups/:id/follow-up: notes and status history. */
export const useFollowUp = (id: number) =>
  useQuery({ queryKey: adminKeys.followUp(id), queryFn: () => request(adminFollowUpSchema, `/signups/${id}/follow-up`) });

/** POST /signups/:id/notes */
export function useAddNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => send(`/signups/${id}/notes`, json('POST', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.followUp(id) }),
  });
}
