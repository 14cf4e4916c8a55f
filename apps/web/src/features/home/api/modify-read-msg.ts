// SystemNotice/ModifyReadMsg: marks every unread message read.
import { noticesRoutes } from '@ess/contract/notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const modifyReadMsg = () => callApi(noticesRoutes.modifyReadMsg, {});

export const useModifyReadMsg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyReadMsg,
    onSuccess: () => queryClient.setQueryData(queryKeys.home.unreadMessages, []),
  });
};
