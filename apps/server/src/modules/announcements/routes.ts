// Announcement/* calls: HR's notices in the console (HRAdmin; plant scope in the service) and the worker's 消息.
import { announcementsRoutes as r } from '@ess/contract/announcements';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import { readUpload, registerUploads } from '../../http/uploads';
import { MAX_UPLOAD_BYTES } from '../files/service';
import {
  type AnnouncementDeps,
  acknowledgeAnnouncement,
  exportReceipts,
  getAnnouncement,
  listAnnouncements,
  myAnnouncement,
  myAnnouncements,
  pendingList,
  publishAnnouncement,
  receiptSummary,
  requestReminder,
  uploadAnnouncementFile,
  withdrawAnnouncement,
} from './service';

export const registerAnnouncementRoutes = async (app: FastifyInstance, deps: AnnouncementDeps) => {
  const { db } = deps;
  await app.register(async (uploads) => {
    await registerUploads(uploads, { maxBytes: MAX_UPLOAD_BYTES, maxFiles: 1 });
    registerCall(uploads, r.uploadAnnouncementFile, async ({ caller, request }) => {
      const { files } = await readUpload(request, r.uploadAnnouncementFile, {
        maxBytes: MAX_UPLOAD_BYTES,
        maxFiles: 1,
      });
      const [upload] = files as [(typeof files)[number]];
      return { data: await uploadAnnouncementFile(db, caller, upload), msg: '上传成功' };
    });
  });
  registerCall(app, r.getAnnouncementList, async ({ body, caller }) => {
    const { rows, totalCount } = await listAnnouncements(db, caller, {
      bu: body.bu,
      state: body.state,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, r.getAnnouncement, async ({ body, caller }) => ({
    data: await getAnnouncement(db, caller, body.id),
  }));
  registerCall(app, r.publishAnnouncement, async ({ body, caller, request, idempotencyKey }) => ({
    data: await publishAnnouncement(deps, caller, { draft: body, requestId: request.id, idempotencyKey }),
    msg: '公告已发布',
  }));
  registerCall(app, r.withdrawAnnouncement, async ({ body, caller, request }) => {
    await withdrawAnnouncement(deps, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '公告已撤回' };
  });
  registerCall(app, r.getAnnouncementReceipts, async ({ body, caller }) => ({
    data: await receiptSummary(db, caller, body),
  }));
  registerCall(app, r.getAnnouncementPending, async ({ body, caller }) => {
    const { rows, totalCount } = await pendingList(db, caller, {
      id: body.id,
      bu: body.bu,
      kind: body.kind,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, r.exportAnnouncementReceipts, async ({ body, caller }) => ({
    data: await exportReceipts(db, caller, body),
  }));
  registerCall(app, r.remindAnnouncement, async ({ body, caller, request }) => {
    await requestReminder(deps, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '提醒已安排，将在后台发给未读的员工' };
  });
  registerCall(app, r.getMyAnnouncements, async ({ body, caller }) => {
    const { rows, totalCount } = await myAnnouncements(db, caller, { page: body.currentPage, pageSize: body.pageSize });
    return { data: rows, totalCount };
  });
  registerCall(app, r.getMyAnnouncement, async ({ body, caller }) => ({
    data: await myAnnouncement(db, caller, body.id),
  }));
  registerCall(app, r.acknowledgeAnnouncement, async ({ body, caller, request, idempotencyKey }) => {
    await acknowledgeAnnouncement(deps, caller, { id: body.id, requestId: request.id, idempotencyKey });
    return { data: null, msg: '已确认' };
  });
};
