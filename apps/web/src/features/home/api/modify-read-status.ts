// Home/ModifyReadStatus: the employee accepts the handbook version their screen showed (none: the one the app ships).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { CURRENT_USER_KEY, updateProfile } from '../../../lib/current-user';

export const modifyReadStatus = (versionId?: number) =>
  callApi('modifyReadStatus', { readStatus: 'Y', ...(versionId === undefined ? {} : { versionId }) });

export const useModifyReadStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyReadStatus,
    // The cached profile is what decides whether the dialog shows, so it never shows again.
    onSuccess: () => updateProfile(queryClient, { appReadStatus: 'Y' }),
    // A newer version became current meanwhile (the refusal is toasted once by the MutationCache): show that one.
    onError: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
};
