// Home/SaveImageFromBase64: the avatar, cropped and compressed on the phone, as a data URL; answers its address,
// which the profile then shows (no review: the avatar is shown in the app only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { updateProfile } from '../../../lib/current-user';

export const saveImageFromBase64 = (image: string) => callApi('saveImageFromBase64', { image });

export const useSaveAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveImageFromBase64,
    onSuccess: (avatarUrl) => updateProfile(queryClient, { avatarUrl }),
  });
};
