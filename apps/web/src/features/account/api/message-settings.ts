// Wechat/GetMessageSettings and SaveMessageSettings: which reminders reach the worker's WeCom. The switch moves at
// once and goes back if the save is refused (the QueryClient toasts why).
import type { MessageCategory, MessageSettings } from '@ess/contract/wechat';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../i18n/zh-CN';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const messageSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.account.messageSettings,
    queryFn: ({ signal }) => callApi('getMessageSettings', {}, { signal }),
  });

export const useSaveMessageSettings = () => {
  const queryClient = useQueryClient();
  const key = queryKeys.account.messageSettings;
  return useMutation({
    mutationFn: (muted: MessageCategory[]) => callApi('saveMessageSettings', { muted }),
    onMutate: async (muted): Promise<{ before?: MessageSettings }> => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MessageSettings>(key);
      if (before) queryClient.setQueryData<MessageSettings>(key, { ...before, muted });
      return { before };
    },
    onError: (_error, _muted, context?: { before?: MessageSettings }) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { describeFailure: t.personSetting.saveFailed },
  });
};
