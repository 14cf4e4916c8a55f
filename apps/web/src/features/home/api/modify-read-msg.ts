// SystemNotice/ModifyReadMsg: marks every unread message read, and the notices (公告) the dialog showed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const modifyReadMsg = (announcementIds: number[]) => callApi('modifyReadMsg', { announcementIds });

export const useModifyReadMsg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyReadMsg,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.home.unreadMessages, []);
      void queryClient.invalidateQueries({ queryKey: queryKeys.announcements.all });
    },
  });
};
