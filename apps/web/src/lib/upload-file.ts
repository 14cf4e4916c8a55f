// upload/UploadFileForMobile: one file as multipart (upType, then the file), through the api client's session
// rules (token headers, renewal, 401 → sign-in). Answers the file's address, /api/files/<uuid>, which an <img>
// shows (the server takes the access cookie for these reads).
import type { PublicUploadType, UploadType } from '@ess/contract/files';
import { t } from '../i18n/zh-CN';
import { ApiError, callMultipartEnvelope } from './api-client';

/** The server's cap (DESIGN §1: uploads up to 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const uploadFile = async ({
  upType,
  file,
  fileName,
  signal,
}: {
  upType: UploadType;
  file: Blob;
  /** The name the server keeps as a label (a compressed picture has none of its own). */
  fileName: string;
  signal?: AbortSignal;
}): Promise<string> => {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError('business', t.upload.tooLarge);
  const form = new FormData();
  // The server reads the fields before the file: upType first.
  form.append('upType', upType);
  form.append('file', file, fileName);
  return (await callMultipartEnvelope('uploadFileForMobile', form, { signal })).data;
};

/**
 * upload/UploadPublicFile: the public forms' picture or resume, without a token (a signed-in sender's token goes
 * along). The file is not readable back from the page: only HR reads it, once the form that uses it is sent.
 */
export const uploadPublicFile = async ({
  upType,
  file,
  fileName,
  signal,
}: {
  upType: PublicUploadType;
  file: Blob;
  fileName: string;
  signal?: AbortSignal;
}): Promise<string> => {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError('business', t.upload.tooLarge);
  const form = new FormData();
  form.append('upType', upType);
  form.append('file', file, fileName);
  return (await callMultipartEnvelope('uploadPublicFile', form, { signal })).data;
};
