// Site/* calls (公司信息) and the logo's address. The face is read by every page load of the app and the console, so
// beside its contract call (POST, as every call) it is served by GET with an ETag and `no-cache`: the browser keeps
// it and asks again on every load, answered 304 (no body) while nothing changed, so a change shows at the next
// page load and an unchanged face costs a round trip without a body. The logo's address holds the SHA-256 of its
// bytes, so it is cached for a year: a new logo is a new address.
import { LOGO_MAX_BYTES, siteRoutes } from '@ess/contract/site';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { registerCall, registerPublicCall } from '../../http/contract-routes';
import { envelope, OK_MESSAGE, sendError } from '../../http/envelope';
import { readUpload, registerUploads } from '../../http/uploads';
import { faceTag, getSiteFace, getSiteSettings, readSiteLogo, saveSiteSettings, uploadSiteLogo } from './service';

export const registerSiteRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  registerPublicCall(app, siteRoutes.getSiteFace, async () => ({ data: await getSiteFace(db) }));
  app.get(
    `/api/${siteRoutes.getSiteFace.path}`,
    { config: { access: 'public', isApiCall: true } },
    async (request, reply) => {
      const face = await getSiteFace(db);
      const tag = faceTag(face);
      reply.header('cache-control', 'no-cache').header('etag', tag);
      if (request.headers['if-none-match'] === tag) return reply.code(304).send();
      return envelope(true, OK_MESSAGE, face);
    },
  );
  app.get<{ Params: { name: string } }>(
    '/api/site/logo/:name',
    { config: { access: 'public', isApiCall: true } },
    async (request, reply) => {
      const logo = await readSiteLogo(db, request.params.name);
      if (!logo) return sendError(reply, new BusinessError('FILE_NOT_FOUND'));
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(logo.bytes);
    },
  );

  registerCall(app, siteRoutes.getSiteSettings, async ({ caller }) => ({ data: await getSiteSettings(db, caller) }));
  registerCall(app, siteRoutes.saveSiteSettings, async ({ body, caller, request }) => {
    await saveSiteSettings(db, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已保存，员工下次打开页面时生效' };
  });
  // The logo's multipart parser only here, capped at the logo's size.
  await app.register(async (uploads) => {
    await registerUploads(uploads, { maxBytes: LOGO_MAX_BYTES, maxFiles: 1 });
    registerCall(uploads, siteRoutes.uploadSiteLogo, async ({ caller, request }) => {
      const { files } = await readUpload(request, siteRoutes.uploadSiteLogo, { maxBytes: LOGO_MAX_BYTES, maxFiles: 1 });
      const [file] = files as [(typeof files)[number]];
      return { data: await uploadSiteLogo(db, caller, file.bytes), msg: '上传成功' };
    });
  });
};
