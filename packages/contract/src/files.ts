// Uploads (upload/UploadFileForMobile, UploadMultipleFileForMobile): multipart, one file per uploader, the kind
// checked by content. The answer is the file's address, served only to those who may see its record.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, text } from './common';

/** SPEC §7 upTypes. */
export const UPLOAD_TYPES = ['SCHOOL', 'CARD', 'RESUME', 'TITLE', 'PROPOSAL', 'PHOTO-Mobile'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** What an upload answers and a record keeps: `/api/files/<uuid>`. */
export { FILE_PATH } from './common';

/** The multipart fields beside the file (the token travels in the headers). */
const uploadFields = z.object({
  upType: z.enum(UPLOAD_TYPES, { error: '上传类型无效' }),
  /** Free text of the client's (SPEC §7 "type"); kept with the file. */
  type: text('类型').max(32, { error: '类型无效' }).optional(),
  token: z.unknown().optional(),
});

/** The kinds an anonymous upload of the public forms may be: a proposal's picture, a candidate's resume. */
export const PUBLIC_UPLOAD_TYPES = ['PROPOSAL', 'RESUME'] as const satisfies readonly UploadType[];
export type PublicUploadType = (typeof PUBLIC_UPLOAD_TYPES)[number];

export const filesRoutes = {
  uploadFileForMobile: defineRoute(ADDRESSES.uploadFileForMobile, { request: uploadFields, data: z.string() }),
  uploadMultipleFileForMobile: defineRoute(ADDRESSES.uploadMultipleFileForMobile, {
    request: uploadFields,
    data: z.array(z.string()),
  }),
  /** The public forms' upload: no token needed, only their kinds, rate-limited per address. */
  uploadPublicFile: defineRoute(ADDRESSES.uploadPublicFile, {
    request: z.object({
      upType: z.enum(PUBLIC_UPLOAD_TYPES, { error: '上传类型无效' }),
      type: text('类型').max(32, { error: '类型无效' }).optional(),
    }),
    data: z.string(),
  }),
};
