// Import/* calls of the HR console (role HRAdmin by the contract entry; plant scope in the service).
import { importRoutes, MAX_IMPORT_BYTES } from '@ess/contract/imports';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import { readUpload, registerUploads } from '../../http/uploads';
import {
  commitImport,
  getImportJob,
  getImportTemplate,
  getRejectedRows,
  type ImportDeps,
  listImportJobs,
  remapImport,
  rollbackImport,
  uploadImport,
} from './service';

export const registerImportRoutes = async (app: FastifyInstance, deps: ImportDeps) => {
  // Sheets are larger than the phones' uploads: their own multipart limits.
  await app.register(async (uploads) => {
    await registerUploads(uploads, { maxBytes: MAX_IMPORT_BYTES, maxFiles: 1 });
    registerCall(uploads, importRoutes.uploadImport, async ({ caller, request }) => {
      // The thread starts while the file is still arriving.
      if (caller.adminPlants.size > 0) deps.warm();
      const { fields, files } = await readUpload(request, importRoutes.uploadImport, {
        maxBytes: MAX_IMPORT_BYTES,
        maxFiles: 1,
      });
      const [file] = files as [(typeof files)[number]];
      const answer = await uploadImport(deps, caller, {
        ...fields,
        fileName: file.originalName,
        bytes: file.bytes,
        requestId: request.id,
      });
      return { data: answer, msg: '已上传，正在处理' };
    });
  });
  registerCall(app, importRoutes.getImportJob, async ({ body, caller }) => ({
    data: await getImportJob(deps, caller, body.id),
  }));
  registerCall(app, importRoutes.listImportJobs, async ({ body, caller }) => {
    const { rows, totalCount } = await listImportJobs(deps, caller, {
      bu: body.bu,
      kind: body.kind,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    // The clerk is on the imports page: an upload may follow.
    deps.warm();
    return { data: rows, totalCount };
  });
  registerCall(app, importRoutes.remapImport, async ({ body, caller, request }) => {
    await remapImport(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已保存映射，正在重新校验' };
  });
  registerCall(app, importRoutes.commitImport, async ({ body, caller, request }) => {
    await commitImport(deps, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '已开始导入' };
  });
  registerCall(app, importRoutes.rollbackImport, async ({ body, caller, request }) => {
    await rollbackImport(deps, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '已回滚' };
  });
  registerCall(app, importRoutes.getRejectedRows, async ({ body, caller }) => ({
    data: await getRejectedRows(deps, caller, body.id),
  }));
  registerCall(app, importRoutes.getImportTemplate, async ({ body, caller }) => ({
    data: await getImportTemplate(deps.db, caller, body.kind),
  }));
};
