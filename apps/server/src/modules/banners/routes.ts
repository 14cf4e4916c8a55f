// Banner/* calls (轮播图 in the console) and GET /api/banner-images/<sha256>.<webp|jpg>, the served sizes.
import { BANNER_IMAGE, bannersRoutes } from '@ess/contract/banners';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { sendError } from '../../http/envelope';
import { readUpload, registerUploads } from '../../http/uploads';
import {
  createBanner,
  listBanners,
  readServedImage,
  type ServedFormat,
  updateBanner,
  uploadBannerImage,
  withdrawBanner,
} from './service';

const SERVED_NAME = /^([0-9a-f]{64})\.(webp|jpg)$/;
const CONTENT_TYPES: Record<ServedFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

export const registerBannerRoutes = async (app: FastifyInstance, db: Db) => {
  registerCall(app, bannersRoutes.getBannerAdminList, async ({ body, caller }) => {
    const { rows, totalCount } = await listBanners(db, caller, {
      bu: body.bu,
      state: body.state,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  await app.register(async (uploads) => {
    await registerUploads(uploads, { maxBytes: BANNER_IMAGE.maxBytes, maxFiles: 1 });
    registerCall(uploads, bannersRoutes.uploadBannerImage, async ({ caller, request }) => {
      const { files } = await readUpload(request, bannersRoutes.uploadBannerImage, {
        maxBytes: BANNER_IMAGE.maxBytes,
        maxFiles: 1,
      });
      const [upload] = files as [(typeof files)[number]];
      const image = await uploadBannerImage(db, caller, { bytes: upload.bytes, requestId: request.id });
      return { data: image, msg: '图片已上传' };
    });
  });
  registerCall(app, bannersRoutes.createBanner, async ({ body, caller, request }) => ({
    data: await createBanner(db, caller, { fields: body, requestId: request.id }),
    msg: '轮播图已保存',
  }));
  registerCall(app, bannersRoutes.updateBanner, async ({ body: { id, ...fields }, caller, request }) => {
    await updateBanner(db, caller, { id, fields, requestId: request.id });
    return { data: null, msg: '轮播图已保存' };
  });
  registerCall(app, bannersRoutes.withdrawBanner, async ({ body, caller, request }) => {
    await withdrawBanner(db, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '轮播图已撤下' };
  });

  // One address per format and content (its hash): a <picture> picks WebP where the browser reads it and the JPEG
  // elsewhere (iOS before 14), so no answer varies by request header and any cache may keep it for a year.
  app.get<{ Params: { name: string } }>(
    '/api/banner-images/:name',
    { config: { access: 'private', isApiCall: true, acceptsCookieToken: true } },
    async (request, reply) => {
      const match = SERVED_NAME.exec(request.params.name);
      if (!request.caller || !match) return sendError(reply, new BusinessError('BANNER_IMAGE_NOT_FOUND_SERVED'));
      const format: ServedFormat = match[2] === 'webp' ? 'webp' : 'jpeg';
      try {
        const bytes = await readServedImage(db, match[1] as string, format);
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(bytes);
      } catch (error) {
        if (error instanceof BusinessError) return sendError(reply, error);
        throw error;
      }
    },
  );
};
