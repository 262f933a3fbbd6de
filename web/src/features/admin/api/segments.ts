import { adminSavedSegmentListSchema, adminSegmentCreatedSchema, type AdminSegmentSave } from '@waitlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { json, request, send } from './client';
import { adminKeys } from './query-keys';

/** GET /segments: every saved segment with its live count. */
export const useSegments = () =>
  useQuery({ queryKey: adminKeys.segments(), queryFn: () => request(adminSavedSegmentListSchema, '/segments') });

function useSegmentMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.segments() }) });
}

/** POST /segments: the new segment's id. */
export const useSaveSegment = () =>
  useSegmentMutation((input: AdminSegmentSave) => request(adminSegmentCreatedSchema, '/segments', json('POST', input)));
/** DELETE /segments/:id (refused while the CRM sends to it). */
export const useDeleteSegment = () => useSegmentMutation((id: number) => send(`/segments/${id}`, json('DELETE')));
