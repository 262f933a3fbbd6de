import {
  ADMIN_ERROR_CODES,
  adminLanguageSchema,
  adminSessionInfoSchema,
  adminSessionListSchema,
  adminSessionsEndedSchema,
  adminSsoOfferSchema,
  adminSsoSchema,
  adminSsoStartSchema,
  type AdminLanguage,
  type AdminSsoUpdate,
} from '@waitlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, json, request, send } from './client';
import { adminKeys, sameKey } from './query-keys';

/** Who is signed in (GET /session); a 401 means nobody. */
export const useSession = () =>
  useQuery({ queryKey: adminKeys.session(), queryFn: () => request(adminSessionInfoSchema, '/session'), staleTime: 60_000 });

/** POST /session: on success the console knows who is signed in without asking again. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; totp?: string; recovery_code?: string }) =>
      request(adminSessionInfoSchema, '/session', json('POST', input)),
    onSuccess: (session) => queryClient.setQueryData(adminKeys.session(), session),
  });
}

/** GET /session/sso (signed out): whether the sign-in page offers the identity provider. */
export const useSsoOffer = () =>
  useQuery({ queryKey: adminKeys.ssoOffer(), queryFn: () => request(adminSsoOfferSchema, '/session/sso'), staleTime: Infinity });

/**
 * POST /sso/start with an invitation's token: where to send the browser to join through the identity provider (the
 * invitation's link proves who was invited; the provider's address does not need to match).
 */
export const useJoinThroughProvider = () =>
  useMutation({
    mutationFn: (token: string) => request(adminSsoStartSchema, '/sso/start', json('POST', { invitation: token })),
    onSuccess: ({ url }) => window.location.assign(url),
  });

/** POST /session/sso-code: the operator's own code after the identity provider (the ticket rides in a cookie). */
export function useSsoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { totp: string } | { recovery_code: string }) =>
      request(adminSessionInfoSchema, '/session/sso-code', json('POST', input)),
    onSuccess: (session) => queryClient.setQueryData(adminKeys.session(), session),
  });
}

/** GET /sso (owners): how single sign-on is set up, the policy and the domains' roles. */
export const useSso = () => useQuery({ queryKey: adminKeys.sso(), queryFn: () => request(adminSsoSchema, '/sso') });

/** PUT /sso (owners). */
export function useSaveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSsoUpdate) => request(adminSsoSchema, '/sso', json('PUT', input)),
    onSuccess: (sso) => queryClient.setQueryData(adminKeys.sso(), sso),
    // Changing the policy needs a fresh proof: the session is read again, so the page asks for it.
    onError: (error) => {
      if (error instanceof AdminApiError && error.code === ADMIN_ERROR_CODES.proofRequired)
        void queryClient.invalidateQueries({ queryKey: adminKeys.session() });
    },
  });
}

/** DELETE /session: everything cached belongs to the session, so all of it goes. */
export function useSignOut(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => send('/session', json('DELETE')),
    onSettled: () => {
      // Nothing the operator read stays in memory; the session's own query is asked again (its reader stays mounted),
      // and its 401 brings the sign-in form.
      queryClient.removeQueries({ predicate: (query) => !sameKey(query.queryKey, adminKeys.session()) });
      void queryClient.resetQueries({ queryKey: adminKeys.session() });
      onSignedOut();
    },
  });
}

/** GET /sessions: where the signed-in operator is signed in. */
export const useSessions = () => useQuery({ queryKey: adminKeys.sessions(), queryFn: () => request(adminSessionListSchema, '/sessions') });

/** DELETE /sessions/:id: ends one of the operator's sessions. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send(`/sessions/${id}`, json('DELETE')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.sessions() }),
  });
}

/** POST /sessions/end-others: every session but this one ends (a lost laptop, a shared computer). */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(adminSessionsEndedSchema, '/sessions/end-others', json('POST')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.sessions() }),
  });
}

/** GET /account/language: the console's language the signed-in operator chose (null: their browser's). */
export const useAccountLanguage = () =>
  useQuery({ queryKey: adminKeys.language(), queryFn: () => request(adminLanguageSchema, '/account/language'), staleTime: Infinity });

/** PUT /account/language: keeps the operator's choice with their account, so it follows them to another browser. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: AdminLanguage['locale']) => request(adminLanguageSchema, '/account/language', json('PUT', { locale })),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.language(), saved),
  });
}
