// TrainMaterial/* of the console (学习资料) and the tus upload beside them; the worker that makes uploads playable.
import { materialsRoutes } from '@ess/contract/materials';
import type { FastifyInstance } from 'fastify';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import {
  assignMaterial,
  assignmentPeople,
  assignmentProgress,
  exportAssignmentProgress,
  listAssignments,
  remindAssignment,
  withdrawAssignment,
} from './assignments';
import { findMediaTools } from './media-tools';
import { deleteMaterial, getMaterial, listMaterials, renameMaterial } from './service';
import { registerMaterialUpload } from './tus-upload';
import { createMaterialWorker, type MaterialWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's worker on uploaded materials (tests wait for it; the job queue's sweep kicks it). */
    materialWorker: MaterialWorker;
  }
}

export const registerMaterialRoutes = async (
  app: FastifyInstance,
  {
    db,
    notifier,
    mediaDir,
    converters,
    maxBytes,
  }: {
    db: Db;
    notifier: Notifier;
    mediaDir: string;
    converters: { ffmpegPath?: string; sofficePath?: string };
    maxBytes: number;
  },
) => {
  const tools = findMediaTools(converters);
  const worker = createMaterialWorker({ db, mediaDir, tools }, (message) => app.log.error(message));
  app.decorate('materialWorker', worker);
  app.addHook('onClose', worker.close);
  // Work a stopped instance left, as soon as this one serves.
  app.addHook('onReady', async () => worker.kick());

  registerCall(app, materialsRoutes.getMaterialList, async ({ body, caller }) => {
    const { rows, totalCount } = await listMaterials(db, caller, {
      bu: body.bu,
      state: body.state,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, materialsRoutes.getMaterial, async ({ body, caller }) => ({
    data: await getMaterial(db, caller, body.id),
  }));
  registerCall(app, materialsRoutes.renameMaterial, async ({ body, caller, request }) => {
    await renameMaterial(db, caller, { id: body.id, name: body.name, requestId: request.id });
    return { data: null, msg: '修改成功' };
  });
  registerCall(app, materialsRoutes.deleteMaterial, async ({ body, caller, request }) => {
    await deleteMaterial({ db, mediaDir }, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '删除成功' };
  });

  // Assignments: a material for an audience, with a due date and 必修/选修, and who has studied it.
  registerCall(app, materialsRoutes.assignMaterial, async ({ body, caller, request, idempotencyKey }) => ({
    data: await assignMaterial(db, caller, { draft: body, requestId: request.id, idempotencyKey }),
    msg: '已分配',
  }));
  registerCall(app, materialsRoutes.getMaterialAssignments, async ({ body, caller }) => {
    const { rows, totalCount } = await listAssignments(db, caller, {
      materialId: body.materialId,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, materialsRoutes.getAssignmentProgress, async ({ body, caller }) => ({
    data: await assignmentProgress(db, caller, body),
  }));
  registerCall(app, materialsRoutes.getAssignmentPeople, async ({ body, caller }) => {
    const { rows, totalCount } = await assignmentPeople(db, caller, {
      id: body.id,
      bu: body.bu,
      standing: body.standing,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, materialsRoutes.exportAssignmentProgress, async ({ body, caller }) => ({
    data: await exportAssignmentProgress(db, caller, body),
  }));
  registerCall(app, materialsRoutes.remindAssignment, async ({ body, caller, request }) => {
    const count = await remindAssignment({ db, notifier }, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: `已提醒 ${count} 名未完成的员工` };
  });
  registerCall(app, materialsRoutes.withdrawAssignment, async ({ body, caller, request }) => {
    await withdrawAssignment(db, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '已撤回分配' };
  });

  await registerMaterialUpload(app, { db, mediaDir, tools, maxBytes, kick: worker.kick });
};
