// SystemNotice/* calls.
import { noticesRoutes } from '@ess/contract/notices';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getPersonNotices, getUnreadMessages, markMessagesRead, submitFeedback } from './service';

export const registerNoticesRoutes = (app: FastifyInstance, db: Db) => {
  registerCall(app, noticesRoutes.modifyNotice, async ({ body, caller, request, idempotencyKey }) => {
    await submitFeedback({ db, caller, feedback: body, requestId: request.id, idempotencyKey });
    return { data: null, msg: '提交成功' };
  });
  registerCall(app, noticesRoutes.getPersonNotice, async ({ body, caller }) => {
    const { rows, totalCount } = await getPersonNotices(db, caller, {
      page: body.currentPage,
      pageSize: body.pageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, noticesRoutes.getPersonMsg, async ({ caller }) => ({ data: await getUnreadMessages(db, caller) }));
  registerCall(app, noticesRoutes.modifyReadMsg, async ({ caller }) => {
    await markMessagesRead(db, caller);
    return { data: null };
  });
};
