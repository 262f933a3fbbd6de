import { adminCrmDisconnectedSchema, adminCrmStateSchema, adminCrmTestSchema, type AdminCrmConnect } from '@waitlist/contract';
import { useQuery } from '@tanstack/react-query';
import { json, request } from './client';
import { useFreshProofMutation } from './team';
import { adminKeys } from './query-keys';

/** GET /crm: the connection, what waits for the CRM, and its latest answers; read again every 10 s while open. */
export const useCrm = () =>
  useQuery({ queryKey: adminKeys.crm(), queryFn: () => request(adminCrmStateSchema, '/crm'), refetchInterval: 10_000 });

const useCrmMutation = <Input, Output>(call: (input: Input) => Promise<Output>) => useFreshProofMutation(adminKeys.crm(), call);

/** PUT /crm: connect, or change the token, who goes there or the mapping (owners, fresh proof). */
export const useConnectCrm = () => useCrmMutation((input: AdminCrmConnect) => request(adminCrmStateSchema, '/crm', json('PUT', input)));
/** POST /crm/test: each check in words. */
export const useTestCrm = () => useCrmMutation(() => request(adminCrmTestSchema, '/crm/test', json('POST', {})));
/** DELETE /crm: forget the token; what waited for the CRM is cancelled. */
export const useDisconnectCrm = () => useCrmMutation(() => request(adminCrmDisconnectedSchema, '/crm', json('DELETE')));
