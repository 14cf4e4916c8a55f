// Handbook/* calls of the HR console (role HRAdmin by the contract entry; plant scope in the service), and
// GET /api/handbook/<id>.pdf: a version's PDF with ranges, for pdf.js on a phone and for the console's 查看.
import { Readable } from 'node:stream';
import { HANDBOOK_PDF_PATH, handbookRoutes } from '@ess/contract/handbook';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { sendError } from '../../http/envelope';
import { readUpload, registerUploads } from '../../http/uploads';
import { parseRange } from '../../lib/byte-range';
import {
  exportAcceptance,
  findReadablePdf,
  getAcceptance,
  listPending,
  listVersions,
  MAX_PDF_BYTES,
  readPdfBytes,
  uploadVersion,
  withdrawVersion,
} from './service';

export const registerHandbookRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  // A handbook is larger than the phones' uploads: its own multipart limits.
  await app.register(async (uploads) => {
    await registerUploads(uploads, { maxBytes: MAX_PDF_BYTES, maxFiles: 1 });
    registerCall(uploads, handbookRoutes.uploadHandbookVersion, async ({ caller, request }) => {
      const { fields, files } = await readUpload(request, handbookRoutes.uploadHandbookVersion, {
        maxBytes: MAX_PDF_BYTES,
        maxFiles: 1,
      });
      const [file] = files as [(typeof files)[number]];
      const answer = await uploadVersion(db, caller, {
        ...fields,
        fileName: file.originalName,
        bytes: file.bytes,
        requestId: request.id,
      });
      return { data: answer, msg: '已发布' };
    });
  });
  registerCall(app, handbookRoutes.getHandbookVersions, async ({ body, caller }) => ({
    data: await listVersions(db, caller, body),
  }));
  registerCall(app, handbookRoutes.withdrawHandbookVersion, async ({ body, caller, request }) => {
    await withdrawVersion(db, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已撤回，上一版本恢复为当前版本' };
  });
  registerCall(app, handbookRoutes.getHandbookAcceptance, async ({ body, caller }) => ({
    data: await getAcceptance(db, caller, body),
  }));
  registerCall(app, handbookRoutes.getHandbookPending, async ({ body, caller }) => {
    const { rows, totalCount } = await listPending(db, caller, {
      ...body,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, handbookRoutes.exportHandbookAcceptance, async ({ body, caller }) => ({
    data: await exportAcceptance(db, caller, body),
  }));

  app.get(
    '/api/handbook/:file',
    { config: { access: 'private', isApiCall: true, acceptsCookieToken: true } },
    async (request, reply) => {
      const id = Number(HANDBOOK_PDF_PATH.exec(request.url.split('?')[0] ?? '')?.[1]);
      try {
        if (!request.caller || !Number.isSafeInteger(id) || id <= 0) throw new BusinessError('HANDBOOK_PDF_NOT_FOUND');
        const pdf = await findReadablePdf(db, request.caller, id);
        reply
          .header('content-type', 'application/pdf')
          .header('accept-ranges', 'bytes')
          .header('etag', pdf.etag)
          // A version's bytes never change (a new PDF is a new version): the phone keeps it, no shared proxy does.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-disposition', 'inline');
        if (request.headers['if-none-match'] === pdf.etag) return reply.code(304).send();
        const ifRange = request.headers['if-range'];
        const range =
          ifRange === undefined || ifRange === pdf.etag ? parseRange(request.headers.range, pdf.size) : undefined;
        if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${pdf.size}`).send();
        const slice = range ?? { start: 0, end: pdf.size - 1 };
        if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${pdf.size}`);
        return reply
          .header('content-length', slice.end - slice.start + 1)
          .send(Readable.from(readPdfBytes(db, id, slice)));
      } catch (error) {
        if (error instanceof BusinessError) {
          reply.removeHeader('cache-control');
          return sendError(reply, error);
        }
        throw error;
      }
    },
  );
};
