import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  IMPORT_PROGRESS_TYPE,
  adminBulkEraseAnswerSchema,
  adminSignupPageSchema,
  adminSignupSchema,
  adminStatusChangeAnswerSchema,
  type ImportProgressLine,
  type AdminCorrection,
  type AdminFilters,
  type AdminImportReport,
  type FollowUpStatus,
} from '@waitlist/contract';
import { AdminApiError, clientErrors, json, request, send, toQueryString } from './client';
import { adminKeys } from './query-keys';

/** What a change of one or more sign-ups makes stale: every list, the dashboard and the companies. */
const afterSignupChange = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
};

/**
 * GET /signups: one page of the filtered list, after a cursor it gave out (keyset paging) or by its number (a view
 * opened from a link); the previous page shown while the next loads.
 */
export const useSignupList = (filters: AdminFilters, from: { cursor: string } | { page: number }) =>
  useQuery({
    queryKey: adminKeys.signupList(filters, from),
    queryFn: () =>
      request(adminSignupPageSchema, `/signups${toQueryString({ ...filters, ...('page' in from && from.page === 1 ? {} : from) })}`),
    placeholderData: keepPreviousData,
  });

/** GET /signups/:id */
export const useSignup = (id: number, enabled = true) =>
  useQuery({ queryKey: adminKeys.signup(id), queryFn: () => request(adminSignupSchema, `/signups/${id}`), enabled });

/** PATCH /signups/:id: the answer is the corrected sign-up, cached as is. */
export function useCorrectSignup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: AdminCorrection) => request(adminSignupSchema, `/signups/${id}`, json('PATCH', correction)),
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
    mutationFn: () => send(`/signups/${id}`, json('DELETE')),
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
    mutationFn: (ids: number[]) => request(adminBulkEraseAnswerSchema, '/signups/erase', json('POST', { ids })),
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
      request(adminStatusChangeAnswerSchema, '/signups/status', json('POST', { ids, status })),
    onSuccess: (_result, { ids }) => {
      for (const id of ids) {
        void queryClient.invalidateQueries({ queryKey: adminKeys.signup(id) });
        void queryClient.invalidateQueries({ queryKey: adminKeys.followUp(id) });
      }
      afterSignupChange(queryClient);
    },
  });
}

/** How far an import is: rows stored of those to store, and how long that took (for the rate and the time left). */
export interface ImportProgress {
  done: number;
  total: number;
  elapsedMs: number;
}

/**
 * POST /import, reading its progress as it goes (a line per batch of rows: issue 38 item 4), then its report. A check
 * (`dryRun`) stores nothing and answers at once.
 */
export function useImportList() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: { file: File; source: string; dryRun: boolean; confirmByMail: boolean }) => {
      const query = toQueryString({ source: input.source, dry_run: String(input.dryRun), confirm_by_mail: String(input.confirmByMail) });
      const startedAt = Date.now();
      let response: Response;
      try {
        response = await fetch(`${ADMIN_API}/import${query}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: IMPORT_PROGRESS_TYPE, 'content-type': 'text/csv' },
          body: await input.file.text(),
        });
      } catch {
        throw new AdminApiError(0, 'network', clientErrors().unreachable);
      }
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
        throw new AdminApiError(response.status, body?.code ?? 'http', body?.message ?? clientErrors().status(response.status));
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        buffered += value ?? '';
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const text of lines.filter(Boolean)) {
          const line = JSON.parse(text) as ImportProgressLine;
          if ('progress' in line) setProgress({ ...line.progress, elapsedMs: Date.now() - startedAt });
          // The hint says what to do next (after an outage: import the same file again; those stored are skipped).
          if ('error' in line)
            throw new AdminApiError(400, line.error.code, [line.error.message, line.error.hint].filter(Boolean).join(' '));
          if ('report' in line) return line.report;
        }
        if (done) throw new AdminApiError(0, 'network', clientErrors().importCut);
      }
    },
    onSuccess: (report: AdminImportReport) => {
      if (!report.dry_run) void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** The CSV export of what the filters select (a download link, not a query). */
export const exportCsvUrl = (filters: AdminFilters) => `${ADMIN_API}/signups/export.csv${toQueryString(filters)}`;

/** One person's data as a JSON file (a download link). */
export const exportJsonUrl = (id: number) => `${ADMIN_API}/signups/${id}/export.json`;
