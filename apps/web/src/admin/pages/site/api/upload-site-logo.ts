// Site/UploadLogo: a logo kept for the form's save (PNG, JPG or WebP, at most 256 KB, checked by its bytes on the
// server); nothing anyone sees changes until the form is saved. A refusal is told by the MutationCache.
import { useMutation } from '@tanstack/react-query';
import { callMultipartEnvelope } from '../../../../lib/api-client';

export const uploadSiteLogo = async (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return (await callMultipartEnvelope('uploadSiteLogo', form)).data;
};

export const useUploadSiteLogo = () => useMutation({ mutationFn: uploadSiteLogo });
