// Banner/UploadImage: the picture (multipart), checked and made into the phone's sizes by the server, which answers
// them; nothing is listed until a banner is saved with it. A refusal is told by the MutationCache.
import { useMutation } from '@tanstack/react-query';
import { callMultipartEnvelope } from '../../../../lib/api-client';

export const useUploadBannerImage = () =>
  useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await callMultipartEnvelope('uploadBannerImage', form)).data;
    },
  });
