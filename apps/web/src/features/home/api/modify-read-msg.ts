// SystemNotice/ModifyReadMsg: marks every unread message read.
import { noticesRoutes } from '@ess/contract/notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { PERSON_MSG_KEY } from './get-person-msg';

export const modifyReadMsg = () => callApi(noticesRoutes.modifyReadMsg, {});

export const useModifyReadMsg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyReadMsg,
    onSuccess: () => queryClient.setQueryData(PERSON_MSG_KEY, []),
  });
};
