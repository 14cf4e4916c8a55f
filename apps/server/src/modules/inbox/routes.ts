// Inbox/* calls: the feedback workers send, for the HR of its plant; whom an item goes to.
import { inboxRoutes } from '@ess/contract/inbox';
import type { FastifyInstance } from 'fastify';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { answerFeedback, assignInboxItem, listAssignees, listFeedback } from './service';

export const registerInboxRoutes = (
  app: FastifyInstance,
  { db, notifier, overdueDays }: { db: Db; notifier: Notifier; overdueDays: number },
) => {
  registerCall(app, inboxRoutes.getFeedbackList, async ({ body, caller }) => {
    const { rows, totalCount } = await listFeedback(db, caller, {
      ...body,
      page: body.CurrentPage,
      pageSize: body.PageSize,
      overdueDays,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, inboxRoutes.answerFeedback, async ({ body, caller, request }) => {
    await answerFeedback({ db, notifier }, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已答复，员工会收到消息' };
  });
  registerCall(app, inboxRoutes.getInboxAssignees, async ({ body, caller }) => ({
    data: await listAssignees(db, caller, body.bu),
  }));
  registerCall(app, inboxRoutes.assignInboxItem, async ({ body, caller, request }) => {
    await assignInboxItem({ db, notifier }, caller, { ...body, requestId: request.id });
    return { data: null, msg: body.assigneeEmpNo ? '已分派' : '已取消分派' };
  });
};
