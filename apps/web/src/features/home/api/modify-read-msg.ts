// SystemNotice/ModifyReadMsg: marks every unread message read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const modifyReadMsg = () => callApi('modifyReadMsg', {});

export const useModifyReadMsg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyReadMsg,
    onSuccess: () => queryClient.setQueryData(queryKeys.home.unreadMessages, []),
  });
};
