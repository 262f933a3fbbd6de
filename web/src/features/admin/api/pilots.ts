import {
  adminCampaignCreatedSchema,
  adminCampaignListSchema,
  adminDocumentRequestListSchema,
  adminDocumentRequestSchema,
  adminFitWeightsSchema,
  adminMailPreviewAnswerSchema,
  adminMeetingsSchema,
  adminPartnerCodeCreatedSchema,
  adminPartnerCodeListSchema,
  adminPartnerCodeSchema,
  adminQuestionListSchema,
  adminResumedSchema,
  adminWaveCreatedSchema,
  adminWaveListSchema,
  type AdminCampaignCreate,
  type AdminMailPreviewRequest,
  type AdminPartnerCodeCreate,
  type AdminWaveCreate,
  type AdminQuestionSave,
  type FitWeights,
} from '@waitlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { json, request, send } from './client';
import { adminKeys } from './query-keys';

/** From the list to pilots: invitation waves, updates to the list, and how their mails will read. */

/** GET /waves: each wave with how many were invited, accepted and redeemed. */
export const useWaves = () => useQuery({ queryKey: adminKeys.waves(), queryFn: () => request(adminWaveListSchema, '/waves') });

/** POST /waves: invites now; the people invited change status, so the lists are read again. */
export function useCreateWave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wave: Omit<AdminWaveCreate, 'expires_in_days'> & { expires_in_days?: number }) =>
      request(adminWaveCreatedSchema, '/waves', json('POST', wave)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.waves() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
    },
  });
}

/** GET /meetings: the calls booked through the booking link to come, soonest first (read again every minute). */
export const useMeetings = () =>
  useQuery({ queryKey: adminKeys.meetings(), queryFn: () => request(adminMeetingsSchema, '/meetings'), refetchInterval: 60_000 });

/** GET /partner-codes: each code with its claims and what it can do now (never the code itself). */
export const usePartnerCodes = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: adminKeys.partnerCodes(), queryFn: () => request(adminPartnerCodeListSchema, '/partner-codes'), enabled });

/** POST /partner-codes: answers the code, this once. */
export function useMakePartnerCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPartnerCodeCreate) => request(adminPartnerCodeCreatedSchema, '/partner-codes', json('POST', input)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.partnerCodes() }),
  });
}

/** POST /partner-codes/:id/revoke: answers the code as it now is (withdrawn). */
export function useWithdrawPartnerCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(adminPartnerCodeSchema, `/partner-codes/${id}/revoke`, json('POST', {})),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.partnerCodes() }),
  });
}

/** GET /campaigns: newest first, with their counts; polled while one is sending. */
export const useCampaigns = () =>
  useQuery({
    queryKey: adminKeys.campaigns(),
    queryFn: () => request(adminCampaignListSchema, '/campaigns'),
    refetchInterval: (query) => (query.state.data?.items.some((c) => c.state === 'sending') ? 3_000 : false),
  });

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaign: AdminCampaignCreate) => request(adminCampaignCreatedSchema, '/campaigns', json('POST', campaign)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.campaigns() }),
  });
}

/** POST /campaigns/:id/send, /cancel or /test. */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, to }: { id: number; action: 'send' | 'cancel' | 'test'; to?: string }) =>
      send(`/campaigns/${id}/${action}`, json('POST', action === 'test' ? { to } : {})),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.campaigns() }),
  });
}

/** POST /campaigns/:id/resume or /waves/:id/resume (owners): a send that paused itself goes on. */
export function useResumeSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'campaigns' | 'waves'; id: number }) =>
      request(adminResumedSchema, `/${kind}/${id}/resume`, json('POST', {})),
    onSuccess: (_, { kind }) =>
      void queryClient.invalidateQueries({ queryKey: kind === 'campaigns' ? adminKeys.campaigns() : adminKeys.waves() }),
  });
}

/** POST /mail-preview: subject and text of the mail in English and Swedish, composed as it will be sent. */
export function useMailPreview() {
  return useMutation({
    mutationFn: (input: AdminMailPreviewRequest) => request(adminMailPreviewAnswerSchema, '/mail-preview', json('POST', input)),
  });
}

/** GET /fit-weights: the fit score's weights in force, their version and the rescoring's progress. */
export const useFitWeights = () =>
  useQuery({
    queryKey: adminKeys.fitWeights(),
    queryFn: () => request(adminFitWeightsSchema, '/fit-weights'),
    // While a rescoring runs, look again every few seconds.
    refetchInterval: (query) => (query.state.data && !query.state.data.rescoring.done ? 3000 : false),
  });

/** PUT /fit-weights (owners): a new version; every score follows within a minute, so the lists are read again. */
export function useSaveFitWeights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weights: FitWeights) => request(adminFitWeightsSchema, '/fit-weights', json('PUT', weights)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.fitWeights() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
    },
  });
}

/** GET /questions: the questions after confirming (the archived ones too), with how many answered each. */
export const useQuestions = () =>
  useQuery({ queryKey: adminKeys.questions(), queryFn: () => request(adminQuestionListSchema, '/questions') });

/** POST /questions, PUT /questions/:id, POST /questions/:id/archive (owners): the answer is the list as it is now. */
export function useQuestionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: AdminQuestionSave } | { update: number; question: AdminQuestionSave } | { archive: number }) =>
      'create' in input
        ? request(adminQuestionListSchema, '/questions', json('POST', input.create))
        : 'update' in input
          ? request(adminQuestionListSchema, `/questions/${input.update}`, json('PUT', input.question))
          : request(adminQuestionListSchema, `/questions/${input.archive}/archive`, json('POST', {})),
    onSuccess: (list) => queryClient.setQueryData(adminKeys.questions(), list),
  });
}

/** GET /document-requests: the trust page's requests for our security documents, newest first. */
export const useDocumentRequests = () =>
  useQuery({ queryKey: adminKeys.documentRequests(), queryFn: () => request(adminDocumentRequestListSchema, '/document-requests') });

/** POST /document-requests/:id/answered: the buyer has had their answer (by mail). */
export function useMarkDocumentRequestAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(adminDocumentRequestSchema, `/document-requests/${id}/answered`, json('POST', {})),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.documentRequests() }),
  });
}
