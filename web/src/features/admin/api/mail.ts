import {
  adminMailHealthSchema,
  adminMailLogSchema,
  adminMailRefusalsSchema,
  adminMailSettingsSchema,
  adminOutboxSchema,
  adminSuppressionCountsSchema,
  adminSuppressionSchema,
  adminWebhooksSchema,
  type AdminMailSettings,
} from '@waitlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { json, request, send } from './client';
import { adminKeys } from './query-keys';

/** GET /signups/:id/mail: a person's mail log. */
export const useMailLog = (id: number) =>
  useQuery({ queryKey: adminKeys.mailLog(id), queryFn: () => request(adminMailLogSchema, `/signups/${id}/mail`) });

/** POST /signups/:id/resend-confirmation: the new mail shows in the log. */
export function useResendConfirmation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => send(`/signups/${id}/resend-confirmation`, json('POST')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.mailLog(id) }),
  });
}

/** GET /outbox: what is stuck and why. */
export const useOutbox = () => useQuery({ queryKey: adminKeys.outbox(), queryFn: () => request(adminOutboxSchema, '/outbox') });

/** POST /outbox/:id/retry */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => send(`/outbox/${id}/retry`, json('POST')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.outbox() }),
  });
}

/** GET /webhooks: deliveries per endpoint and the latest events. */
export const useWebhooks = () => useQuery({ queryKey: adminKeys.webhooks(), queryFn: () => request(adminWebhooksSchema, '/webhooks') });

/** POST /webhooks/:id/resend */
export function useResendWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => send(`/webhooks/${id}/resend`, json('POST')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.webhooks() }),
  });
}

/** GET /mail-settings: the signed-in operator's own. */
export const useMailSettings = () =>
  useQuery({ queryKey: adminKeys.mailSettings(), queryFn: () => request(adminMailSettingsSchema, '/mail-settings') });

/** PUT /mail-settings: the answer is what is now stored. */
export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AdminMailSettings) => request(adminMailSettingsSchema, '/mail-settings', json('PUT', settings)),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.mailSettings(), saved),
  });
}

/** GET /mail-health: the sending domain's DNS, looked up now (a second look only when asked). */
export const useMailHealth = () =>
  useQuery({ queryKey: adminKeys.mailHealth(), queryFn: () => request(adminMailHealthSchema, '/mail-health'), staleTime: Infinity });

/** GET /mail-refusals: receiving domains that refused our mail lately, by reason. */
export const useMailRefusals = () =>
  useQuery({ queryKey: adminKeys.mailRefusals(), queryFn: () => request(adminMailRefusalsSchema, '/mail-refusals') });

/** GET /suppressions/counts: how many addresses each reason suppresses. */
export const useSuppressionCounts = () =>
  useQuery({
    queryKey: adminKeys.suppressionCounts(),
    queryFn: () => request(adminSuppressionCountsSchema, '/suppressions/counts'),
  });

/** POST /suppressions/lookup: one address's state (the address in the body: in no URL, history or log). */
export function useSuppressionLookup() {
  return useMutation({
    mutationFn: (email: string) => request(adminSuppressionSchema, '/suppressions/lookup', json('POST', { email })),
  });
}

/** POST /suppressions (suppress) or /suppressions/lift, with the reason (owners; audited). */
export function useChangeSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, email, note }: { action: 'suppress' | 'lift'; email: string; note: string }) =>
      send(action === 'lift' ? '/suppressions/lift' : '/suppressions', json('POST', { email, note })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.suppressionCounts() }),
  });
}
