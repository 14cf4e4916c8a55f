// Home/ModifyReadStatus: the employee confirmed reading the handbook.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updateProfile } from '../../../lib/current-user';

export const modifyReadStatus = () => callApi('modifyReadStatus', { readStatus: 'Y' });

export const useModifyReadStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyReadStatus,
    // The cached profile is what decides whether the dialog shows, so it never shows again.
    onSuccess: () => updateProfile(queryClient, { appReadStatus: 'Y' }),
  });
};
