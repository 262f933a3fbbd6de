import {
  ADMIN_ERROR_CODES,
  adminCrmDisconnectedSchema,
  adminCrmStateSchema,
  adminCrmTestSchema,
  type AdminCrmConnect,
} from '@waitlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, json, request } from './client';
import { adminKeys } from './query-keys';

/** GET /crm: the connection, what waits for the CRM, and its latest answers; read again every 10 s while open. */
export const useCrm = () =>
  useQuery({ queryKey: adminKeys.crm(), queryFn: () => request(adminCrmStateSchema, '/crm'), refetchInterval: 10_000 });

function useCrmMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.crm() }),
    // Connecting needs a fresh proof: the session is read again, so the page asks for it.
    onError: (error) => {
      if (error instanceof AdminApiError && error.code === ADMIN_ERROR_CODES.proofRequired)
        void queryClient.invalidateQueries({ queryKey: adminKeys.session() });
    },
  });
}

/** PUT /crm: connect, or change the token, who goes there or the mapping (owners, fresh proof). */
export const useConnectCrm = () => useCrmMutation((input: AdminCrmConnect) => request(adminCrmStateSchema, '/crm', json('PUT', input)));
/** POST /crm/test: each check in words. */
export const useTestCrm = () => useCrmMutation(() => request(adminCrmTestSchema, '/crm/test', json('POST', {})));
/** DELETE /crm: forget the token; what waited for the CRM is cancelled. */
export const useDisconnectCrm = () => useCrmMutation(() => request(adminCrmDisconnectedSchema, '/crm', json('DELETE')));
