import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSessionInfo } from '@waitlist/contract';
import { json, request } from './client';
import { adminKeys } from './query-keys';

/** Who is signed in (GET /session); a 401 means nobody. */
export const useSession = () =>
  useQuery({ queryKey: adminKeys.session(), queryFn: () => request<AdminSessionInfo>('/session'), staleTime: 60_000 });

/** POST /session: on success the console knows who is signed in without asking again. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      request<AdminSessionInfo>('/session', json('POST', { email, password })),
    onSuccess: (session) => queryClient.setQueryData(adminKeys.session(), session),
  });
}

/** DELETE /session: everything cached belongs to the session, so all of it goes. */
export function useSignOut(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>('/session', json('DELETE')),
    onSettled: () => {
      queryClient.clear();
      onSignedOut();
    },
  });
}
