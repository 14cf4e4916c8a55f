// upload/UploadFileForMobile: one file as multipart (upType, then the file), through the api client's session
// rules (token headers, renewal, 401 → sign-in). Answers the file's address, /api/files/<uuid>, which an <img>
// shows (the server takes the access cookie for these reads).
import type { PublicUploadType, UploadType } from '@ess/contract/files';
import { t } from '../i18n/zh-CN';
import { ApiError, callMultipartEnvelope } from './api-client';

/** The server's cap (DESIGN §1: uploads up to 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

type UploadInput<Type extends string> = {
  upType: Type;
  file: Blob;
  /** The name the server keeps as a label (a compressed picture has none of its own). */
  fileName: string;
  signal?: AbortSignal;
};

const sendUpload = async (
  call: 'uploadFileForMobile' | 'uploadPublicFile',
  { upType, file, fileName, signal }: UploadInput<string>,
): Promise<string> => {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError('business', t.upload.tooLarge);
  const form = new FormData();
  // The server reads the fields before the file: upType first.
  form.append('upType', upType);
  form.append('file', file, fileName);
  return (await callMultipartEnvelope(call, form, { signal })).data;
};

export const uploadFile = (input: UploadInput<UploadType>) => sendUpload('uploadFileForMobile', input);

/**
 * upload/UploadPublicFile: the public forms' picture or resume, without a token (a signed-in sender's token goes
 * along). The file is not readable back from the page: only HR reads it, once the form that uses it is sent.
 */
export const uploadPublicFile = (input: UploadInput<PublicUploadType>) => sendUpload('uploadPublicFile', input);
