// upload/UploadFileForMobile, upload/UploadMultipleFileForMobile, and GET /api/files/<id>.
import { filesRoutes } from '@ess/contract/files';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { registerCall, registerPublicCall } from '../../http/contract-routes';
import { sendError } from '../../http/envelope';
import { publicRateLimit } from '../../http/public-rate-limit';
import { readUpload, registerUploads } from '../../http/uploads';
import { CONTENT_TYPES, MAX_UPLOAD_BYTES, servedFileName } from './file-kinds';
import { readFile, storeFile } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Pictures and PDFs open in the page; Word documents download. */
const INLINE_KINDS = new Set(['jpeg', 'png', 'webp', 'heic', 'pdf']);
/** Scans of identity documents and bank cards: never kept in a cache, a shared phone's included. */
const UNCACHED_UP_TYPES = new Set(['CARD']);

export const registerFilesRoutes = async (
  app: FastifyInstance,
  db: Db,
  { publicUploadsPerMinute = 20 }: { publicUploadsPerMinute?: number } = {},
) => {
  // The multipart parser only where uploads are taken.
  await app.register(async (uploads) => {
    await registerUploads(uploads, { maxBytes: MAX_UPLOAD_BYTES, maxFiles: 9 });
    const limits = { maxBytes: MAX_UPLOAD_BYTES };

    registerCall(uploads, filesRoutes.uploadFileForMobile, async ({ caller, request }) => {
      const { fields, files } = await readUpload(request, filesRoutes.uploadFileForMobile, { ...limits, maxFiles: 1 });
      const [upload] = files as [(typeof files)[number]];
      const stored = await storeFile(db, { owner: caller, upType: fields.upType, upload });
      return { data: stored.path, msg: '上传成功' };
    });

    registerCall(uploads, filesRoutes.uploadMultipleFileForMobile, async ({ caller, request }) => {
      const route = filesRoutes.uploadMultipleFileForMobile;
      const { fields, files } = await readUpload(request, route, { ...limits, maxFiles: 9 });
      // All or none: one refused file refuses the upload before anything is stored.
      const paths = await db.transaction(async (tx) => {
        const stored = [];
        for (const upload of files) stored.push(await storeFile(tx, { owner: caller, upType: fields.upType, upload }));
        return stored.map(({ path }) => path);
      });
      return { data: paths, msg: '上传成功' };
    });
    // The public forms' pictures and resumes: stored without an owner (or as the signed-in sender's), readable
    // only by HR once a submission uses them, and removed after a day when none does.
    registerPublicCall(
      uploads,
      filesRoutes.uploadPublicFile,
      async ({ caller, request }) => {
        const { fields, files } = await readUpload(request, filesRoutes.uploadPublicFile, { ...limits, maxFiles: 1 });
        const [upload] = files as [(typeof files)[number]];
        const stored = await storeFile(db, { owner: caller, upType: fields.upType, upload });
        return { data: stored.path, msg: '上传成功' };
      },
      publicRateLimit({ max: publicUploadsPerMinute, refusal: 'UPLOAD_TOO_FREQUENT' }),
    );
  });

  app.get<{ Params: { id: string } }>(
    '/api/files/:id',
    { config: { access: 'private', isApiCall: true, acceptsCookieToken: true } },
    async (request, reply) => {
      const { caller } = request;
      if (!caller || !UUID.test(request.params.id)) return sendError(reply, new BusinessError('FILE_NOT_FOUND'));
      try {
        const file = await readFile(db, caller, request.params.id);
        const name = servedFileName(file.originalName, file.kind, request.params.id);
        const disposition = INLINE_KINDS.has(file.kind) ? 'inline' : 'attachment';
        return reply
          .header('content-type', CONTENT_TYPES[file.kind])
          .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header(
            'cache-control',
            UNCACHED_UP_TYPES.has(file.upType) ? 'no-store' : 'private, max-age=31536000, immutable',
          )
          .send(file.bytes);
      } catch (error) {
        if (error instanceof BusinessError) return sendError(reply, error);
        throw error;
      }
    },
  );
};
