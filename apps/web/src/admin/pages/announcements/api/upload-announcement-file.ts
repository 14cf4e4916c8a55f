// Announcement/UploadFile: a picture for the body or the PDF attachment; answers its address.
import { callMultipartEnvelope } from '../../../../lib/api-client';

export const uploadAnnouncementFile = async (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await callMultipartEnvelope('uploadAnnouncementFile', form)).data;
};
