// Account/SetLargeText: 长辈版 on or off, kept for the employee. The screens change at once; a refused save puts them
// back (the QueryClient toasts why).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '../i18n/zh-CN';
import { callApi } from './api-client';
import { CURRENT_USER_KEY, type CurrentUser, updateProfile } from './current-user';
import { applyLargeText, isLargeTextOn } from './large-text';

export const useSetLargeText = () => {
  const queryClient = useQueryClient();
  const remember = (largeText: boolean | null) => updateProfile(queryClient, { largeText });
  return useMutation({
    mutationFn: (largeText: boolean) => callApi('setLargeText', { largeText }),
    onMutate: (largeText) => {
      const before = { largeText: queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY)?.profile.largeText ?? null };
      const wasOn = isLargeTextOn();
      applyLargeText(largeText);
      remember(largeText);
      return { ...before, wasOn };
    },
    onError: (_error, _largeText, context) => {
      if (!context) return;
      applyLargeText(context.wasOn);
      remember(context.largeText);
    },
    meta: { describeFailure: t.personSetting.saveFailed },
  });
};
