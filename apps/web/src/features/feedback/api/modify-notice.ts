// SystemNotice/ModifyNotice: a feedback notice from the top bar's 反馈; it shows up in /user/my-option.
import type { RequestOf } from '@ess/contract';
import type { noticesRoutes } from '@ess/contract/notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type FeedbackNotice = RequestOf<typeof noticesRoutes.modifyNotice>;

export const modifyNotice = ({ notice, idempotencyKey }: { notice: FeedbackNotice; idempotencyKey: string }) =>
  callApi('modifyNotice', notice, { idempotencyKey });

export const useModifyNotice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notices.person }),
  });
};
