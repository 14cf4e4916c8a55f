// Announcement/Acknowledge: 我已阅读 on a 须确认 notice; it leaves the top of the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const acknowledgeAnnouncement = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
  callApi('acknowledgeAnnouncement', { id }, { idempotencyKey });

export const useAcknowledgeAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.announcements.all }),
  });
};
