// The resumable upload of a material (the tus protocol, @tus/server with its file store) inside Fastify at
// MATERIAL_UPLOAD_PATH: POST creates an upload (the plant, name and file name in its metadata), PATCH sends bytes
// from an offset, HEAD asks how far it got, DELETE gives it up. The bytes stream from the socket to
// MEDIA_DIR/uploads and are never held whole in memory. Access is the matched route's (private); HR of the
// material's plant only, decided here before tus sees the request. Refusals answer the envelope
// `{ result: false, msg }` as the body, with the status tus-js-client reads (403, 404, 413, 400).
import { mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { plant } from '@ess/contract/common';
import { MATERIAL_UPLOAD_PATH, materialName } from '@ess/contract/materials';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { cleanFileName } from '../files/service';
import {
  createUploadingMaterial,
  findUpload,
  finishUpload,
  forgetUpload,
  MATERIALS_DIR,
  type MaterialDeps,
  mayManageMaterial,
  newUploadId,
  refusalByName,
  touchUpload,
  UPLOADS_DIR,
} from './service';

type TusRefusal = { status_code: number; body: string };

const refusal = (status: number, msg: string): TusRefusal => ({
  status_code: status,
  body: JSON.stringify({ result: false, msg, data: null }),
});

/** tus's own refusals, in the console's words. */
const TUS_WORDS: Record<number, string> = {
  400: '上传请求无效，请重新上传',
  404: '上传不存在或已过期，请重新上传',
  409: '上传进度不一致，请重试',
  410: '上传已过期，请重新上传',
  413: '文件过大',
  415: '上传内容格式无效',
  460: '上传校验失败，请重试',
};

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The Node request a tus hook was given (srvx keeps it as runtime.node.req). */
const nodeRequestOf = (request: unknown) =>
  (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

export const registerMaterialUpload = async (
  app: FastifyInstance,
  deps: MaterialDeps & { maxBytes: number; kick: () => void },
) => {
  const { db, mediaDir, tools, maxBytes, kick } = deps;
  const directory = path.join(mediaDir, UPLOADS_DIR);
  mkdirSync(directory, { recursive: true });
  mkdirSync(path.join(mediaDir, MATERIALS_DIR), { recursive: true });
  const tooLarge = `文件过大，学习资料最大 ${Math.round(maxBytes / 1024 / 1024)} MB`;
  /** Who sent each request tus is handling (the guard found them; tus's hooks get the raw request). */
  const callers = new WeakMap<IncomingMessage, Caller>();
  const callerOf = (request: unknown) => {
    const raw = nodeRequestOf(request);
    const caller = raw && callers.get(raw);
    if (!caller) throw refusal(401, '登录已过期,请重新登录');
    return caller;
  };

  const tus = new Server({
    path: MATERIAL_UPLOAD_PATH,
    datastore: new FileStore({ directory }),
    maxSize: maxBytes,
    relativeLocation: true,
    namingFunction: () => newUploadId(),
    onUploadCreate: async (request, upload) => {
      const caller = callerOf(request);
      const metadata = upload.metadata ?? {};
      const bu = plant.safeParse(metadata.bu);
      if (!bu.success) throw refusal(400, '请选择资料所属工厂');
      if (!mayManageMaterial(caller, bu.data)) {
        throw refusal(403, new BusinessError('MATERIAL_PLANT_NOT_ADMINISTERED', { bu: bu.data }).message);
      }
      const originalFileName = cleanFileName(metadata.filename ?? undefined);
      if (!originalFileName) throw refusal(400, '文件名无效，请重新选择文件');
      const byName = refusalByName(tools, originalFileName);
      if (byName) throw refusal(400, byName);
      if (upload.size === undefined) throw refusal(400, '请告知文件大小后上传');
      const stem = originalFileName.replace(/\.[^.]*$/, '');
      const name = materialName.safeParse(metadata.name || stem.slice(0, 100));
      if (!name.success) throw refusal(400, name.error.issues[0]?.message ?? '资料名称无效');
      await createUploadingMaterial(db, caller, {
        uploadId: upload.id,
        name: name.data,
        bu: bu.data,
        originalFileName,
        sizeBytes: upload.size,
      });
      return {};
    },
    onUploadFinish: async (_request, upload) => {
      const outcome = await finishUpload(deps, upload.id);
      if (outcome.refusal) throw refusal(422, outcome.refusal);
      if (outcome.needsWork) kick();
      return {};
    },
    onResponseError: (_request, error) => {
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      if (body.startsWith('{')) return { status_code: status, body };
      if (status === 413) return refusal(413, tooLarge);
      const words = TUS_WORDS[status];
      return words ? refusal(status, words) : refusal(500, '上传失败，请稍后重试');
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_request, _response, id) => {
    void forgetUpload(db, id).catch(() => {});
  });

  const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    const caller = request.caller as Caller;
    try {
      requirePlantAdmin(caller);
      const { id } = request.params;
      if (
        request.method === 'GET' ||
        (id === undefined) !== (request.method === 'POST' || request.method === 'OPTIONS')
      ) {
        return reply.code(405).send({ result: false, msg: '不支持的上传请求', data: null });
      }
      if (request.method === 'POST') {
        const length = Number(request.headers['upload-length']);
        // Refused before any byte is stored, with words HR understands (tus would say it in English).
        if (Number.isFinite(length) && length > maxBytes) {
          return reply.code(413).send({ result: false, msg: tooLarge, data: null });
        }
      }
      if (id !== undefined) {
        const material = UPLOAD_ID.test(id) ? await findUpload(db, id) : undefined;
        if (material?.state !== 'uploading') throw new BusinessError('MATERIAL_UPLOAD_NOT_FOUND');
        if (!mayManageMaterial(caller, material.bu)) throw new BusinessError('FORBIDDEN');
      }
    } catch (error) {
      if (error instanceof BusinessError) {
        return reply.code(error.status).send({ result: false, msg: error.message, data: null });
      }
      throw error;
    }
    callers.set(request.raw, caller);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
    if (request.method === 'PATCH' && request.params.id) await touchUpload(db, request.params.id).catch(() => {});
  };

  await app.register(async (scope) => {
    // The bytes of a PATCH are tus's to stream to disk: Fastify leaves the body unread.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const config = { access: 'private' as const, isApiCall: true };
    const methods: ('POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'GET')[] = [
      'POST',
      'HEAD',
      'PATCH',
      'DELETE',
      'OPTIONS',
      'GET',
    ];
    scope.route({ method: methods, url: MATERIAL_UPLOAD_PATH, config, handler: handle });
    scope.route({ method: methods, url: `${MATERIAL_UPLOAD_PATH}/:id`, config, handler: handle });
  });
};
