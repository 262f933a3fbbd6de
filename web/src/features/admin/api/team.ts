import {
  adminApiKeyCreatedSchema,
  adminApiKeyListSchema,
  adminApiKeySchema,
  adminAuditActorsSchema,
  adminBackupStatusSchema,
  adminAuditPageSchema,
  adminOperatorInvitationSchema,
  adminOperatorListSchema,
  adminPasskeyAddedSchema,
  adminPasskeyListSchema,
  adminProofAnswerSchema,
  adminRecoveryCodesSchema,
  adminSessionInfoSchema,
  adminTotpStartSchema,
  adminWebauthnOptionsSchema,
  ADMIN_ERROR_CODES,
  type AdminApiKeyCreate,
  type AdminAuditQuery,
  type OperatorRole,
} from '@waitlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { AdminApiError, json, request, send, toQueryString } from './client';
import { adminKeys } from './query-keys';

/** GET /backups: when the server's own backups ran, or why the last failed. */
export const useBackupStatus = () =>
  useQuery({ queryKey: adminKeys.backups(), queryFn: () => request(adminBackupStatusSchema, '/backups') });

/** GET /operators: the team and the open invitations (owners). */
export const useTeam = () => useQuery({ queryKey: adminKeys.team(), queryFn: () => request(adminOperatorListSchema, '/operators') });

function useTeamMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.team() }) });
}

/** POST /operators: invite an address with a role (a mail with a link goes out). */
export const useInvite = () =>
  useTeamMutation((input: { email: string; role: OperatorRole }) =>
    request(adminOperatorInvitationSchema, '/operators', json('POST', input)),
  );
export const useChangeRole = () =>
  useTeamMutation(({ id, role }: { id: number; role: OperatorRole }) => send(`/operators/${id}`, json('PATCH', { role })));
/** PATCH /operators/:id {sees_addresses}: a viewer sees whole addresses, or masked ones again. */
export const useLetSeeAddresses = () =>
  useTeamMutation(({ id, sees }: { id: number; sees: boolean }) => send(`/operators/${id}`, json('PATCH', { sees_addresses: sees })));
export const useRemoveOperator = () => useTeamMutation((id: number) => send(`/operators/${id}`, json('DELETE')));
export const useResetSecondFactor = () => useTeamMutation((id: number) => send(`/operators/${id}/reset-two-factor`, json('POST')));
/** GET /api-keys: the keys made in the console (never a key itself) and those set in the environment (owners). */
export const useApiKeys = () => useQuery({ queryKey: adminKeys.apiKeys(), queryFn: () => request(adminApiKeyListSchema, '/api-keys') });

/**
 * A change that outlasts the session (an API key, the CRM's token) and so needs a fresh proof: it reads `queryKey`
 * again when it succeeds, and the session when it was refused for the proof, so the page asks for it.
 */
export function useFreshProofMutation<Input, Output>(queryKey: readonly unknown[], call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey }),
    onError: (error) => {
      if (error instanceof AdminApiError && error.code === ADMIN_ERROR_CODES.proofRequired)
        void queryClient.invalidateQueries({ queryKey: adminKeys.session() });
    },
  });
}
const useApiKeyMutation = <Input, Output>(call: (input: Input) => Promise<Output>) => useFreshProofMutation(adminKeys.apiKeys(), call);
/** POST /api-keys: answers the key, this once. */
export const useCreateApiKey = () =>
  useApiKeyMutation((input: AdminApiKeyCreate) => request(adminApiKeyCreatedSchema, '/api-keys', json('POST', input)));
/** POST /api-keys/:id/revoke. */
export const useRevokeApiKey = () =>
  useApiKeyMutation((id: number) => request(adminApiKeySchema, `/api-keys/${id}/revoke`, json('POST', {})));

export const useWithdrawInvitation = () => useTeamMutation((id: number) => send(`/operators/invitations/${id}`, json('DELETE')));

/**
 * What an operator's own second factors change: their session info (two_factor, enrolment, fresh_until) and passkey
 * list. A change refused for want of a fresh proof re-reads the session, so the page asks for the proof again.
 */
function useOwnFactorMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.session() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.passkeys() });
    },
    onError: (error) => {
      if (error instanceof AdminApiError && error.code === ADMIN_ERROR_CODES.proofRequired)
        void queryClient.invalidateQueries({ queryKey: adminKeys.session() });
    },
  });
}

/** POST /me/proof: the password (and a code), or a passkey; the session may then change how it signs in for 5 minutes. */
export const useProveItIsMe = () =>
  useOwnFactorMutation(async (input: { password: string; totp?: string; recovery_code?: string } | 'passkey') => {
    if (input !== 'passkey') return request(adminProofAnswerSchema, '/me/proof', json('POST', input));
    const { handle, options } = await request(adminWebauthnOptionsSchema, '/session/passkey/options', json('POST'));
    const response = await startAuthentication({ optionsJSON: options as never });
    return request(adminProofAnswerSchema, '/me/proof', json('POST', { handle, response }));
  });
/** POST /me/password: a new password; the operator's other sessions end. */
export const useChangePassword = () =>
  useOwnFactorMutation((newPassword: string) => send('/me/password', json('POST', { new_password: newPassword })));

export const useStartTotp = () => useOwnFactorMutation(() => request(adminTotpStartSchema, '/me/totp', json('POST', {})));
export const useConfirmTotp = () =>
  useOwnFactorMutation((code: string) => request(adminRecoveryCodesSchema, '/me/totp/confirm', json('POST', { code })));
export const useTotpOff = () => useOwnFactorMutation((code: string) => send('/me/totp/off', json('POST', { code })));
export const useNewRecoveryCodes = () =>
  useOwnFactorMutation(() => request(adminRecoveryCodesSchema, '/me/recovery-codes', json('POST', {})));

export const usePasskeys = () =>
  useQuery({ queryKey: adminKeys.passkeys(), queryFn: () => request(adminPasskeyListSchema, '/me/passkeys') });
/** Registers a passkey: the server's options, the browser's authenticator, the server's check. */
export const useAddPasskey = () =>
  useOwnFactorMutation(async (name: string) => {
    const { handle, options } = await request(adminWebauthnOptionsSchema, '/me/passkeys/options', json('POST', {}));
    const response = await startRegistration({ optionsJSON: options as never });
    return request(adminPasskeyAddedSchema, '/me/passkeys', json('POST', { handle, name, response }));
  });
export const useRemovePasskey = () => useOwnFactorMutation((id: number) => send(`/me/passkeys/${id}`, json('DELETE')));

/** Signs in with a passkey instead of password and code. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { handle, options } = await request(adminWebauthnOptionsSchema, '/session/passkey/options', json('POST'));
      const response = await startAuthentication({ optionsJSON: options as never });
      return request(adminSessionInfoSchema, '/session/passkey', json('POST', { handle, response }));
    },
    onSuccess: (session) => queryClient.setQueryData(adminKeys.session(), session),
  });
}

/** POST /invitations/accept: the invited teammate's password; they are signed in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => request(adminSessionInfoSchema, '/invitations/accept', json('POST', input)),
    onSuccess: (session) => queryClient.setQueryData(adminKeys.session(), session),
  });
}

export type AuditFilters = Omit<AdminAuditQuery, 'cursor'>;
const auditQuery = (filters: AuditFilters) => toQueryString(filters as Record<string, string | number | undefined>);
/** GET /audit: a page of the trail, newest first (the page before stays while the next loads). */
export const useAudit = (filters: AuditFilters, cursor: string | undefined) =>
  useQuery({
    queryKey: adminKeys.audit(filters, cursor),
    queryFn: () => request(adminAuditPageSchema, `/audit${auditQuery({ ...filters, ...(cursor ? { cursor } : {}) } as AuditFilters)}`),
    placeholderData: keepPreviousData,
  });
export const useAuditOperators = () =>
  useQuery({
    queryKey: adminKeys.auditOperators(),
    queryFn: () => request(adminAuditActorsSchema, '/audit/operators'),
  });
export const auditCsvUrl = (filters: AuditFilters) => `/api/admin/audit.csv${auditQuery(filters)}`;
