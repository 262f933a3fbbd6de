import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminCorrection,
  type AdminFilters,
  type AdminImportReport,
  type AdminSignup,
  type AdminSignupPage,
  type FollowUpStatus,
} from '@waitlist/contract';
import { json, request, toQueryString } from './client';
import { adminKeys } from './query-keys';

/** What a change of one or more sign-ups makes stale: every list, the dashboard and the companies. */
const afterSignupChange = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
};

/** GET /signups: one page of the filtered list (keyset paging), the previous page shown while the next loads. */
export const useSignupList = (filters: AdminFilters, cursor: string | undefined) =>
  useQuery({
    queryKey: adminKeys.signupList(filters, cursor),
    queryFn: () => request<AdminSignupPage>(`/signups${toQueryString({ ...filters, cursor })}`),
    placeholderData: keepPreviousData,
  });

/** GET /signups/:id */
export const useSignup = (id: number) =>
  useQuery({ queryKey: adminKeys.signup(id), queryFn: () => request<AdminSignup>(`/signups/${id}`) });

/** PATCH /signups/:id: the answer is the corrected sign-up, cached as is. */
export function useCorrectSignup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: AdminCorrection) => request<AdminSignup>(`/signups/${id}`, json('PATCH', correction)),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKeys.signup(id), updated);
      afterSignupChange(queryClient);
    },
  });
}

/** DELETE /signups/:id: the person is gone from every view. */
export function useEraseSignup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(`/signups/${id}`, json('DELETE')),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.signup(id) });
      afterSignupChange(queryClient);
    },
  });
}

/** POST /signups/erase: a selection erased at once (the review queue); each erasure is audited by the server. */
export function useEraseSignups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => request<{ erased: number[]; missing: number[] }>('/signups/erase', json('POST', { ids })),
    onSuccess: ({ erased }) => {
      for (const id of erased) queryClient.removeQueries({ queryKey: adminKeys.signup(id) });
      afterSignupChange(queryClient);
    },
  });
}

/** POST /signups/status: the follow-up status of one or many sign-ups. */
export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: FollowUpStatus }) =>
      request<{ changed: number[]; missing: number[] }>('/signups/status', json('POST', { ids, status })),
    onSuccess: (_result, { ids }) => {
      for (const id of ids) {
        void queryClient.invalidateQueries({ queryKey: adminKeys.signup(id) });
        void queryClient.invalidateQueries({ queryKey: adminKeys.followUp(id) });
      }
      afterSignupChange(queryClient);
    },
  });
}

/** POST /import with the file as text/csv (owners): a dry run counts, a real run stores the new people. */
export function useImportList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; source: string; dryRun: boolean; confirmByMail: boolean }) =>
      request<AdminImportReport>(
        `/import${toQueryString({ source: input.source, dry_run: String(input.dryRun), confirm_by_mail: String(input.confirmByMail) })}`,
        { method: 'POST', headers: { 'content-type': 'text/csv' }, body: await input.file.text() },
      ),
    onSuccess: (report) => {
      if (!report.dry_run) void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
    },
  });
}

/** The CSV export of what the filters select (a download link, not a query). */
export const exportCsvUrl = (filters: AdminFilters) => `${ADMIN_API}/signups/export.csv${toQueryString(filters)}`;

/** One person's data as a JSON file (a download link). */
export const exportJsonUrl = (id: number) => `${ADMIN_API}/signups/${id}/export.json`;
