// SystemNotice/* calls. A notice is feedback, or the edit of a personal record (APP_EDIT_*), which goes to the
// records module as a change request for HR's review.
import { noticesRoutes } from '@ess/contract/notices';
import { isChangeNotice } from '@ess/contract/records';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import type { QueryReads } from '../../http/read-your-writes';
import type { LiveAnnouncements } from '../announcements/service';
import { type RecordsDeps, submitChangeRequest } from '../records/service';
import { getPersonNotices, getUnreadMessages, markMessagesRead, submitFeedback } from './service';

export const registerNoticesRoutes = (
  app: FastifyInstance,
  { reads, live, ...deps }: RecordsDeps & { reads: QueryReads; live: LiveAnnouncements },
) => {
  const { db } = deps;
  registerCall(app, noticesRoutes.modifyNotice, async ({ body, caller, request, idempotencyKey }) => {
    if (isChangeNotice(body)) {
      const { msg } = await submitChangeRequest({ deps, caller, notice: body, requestId: request.id, idempotencyKey });
      return { data: null, msg };
    }
    await submitFeedback({ db, caller, feedback: body, requestId: request.id, idempotencyKey });
    return { data: null, msg: '提交成功' };
  });
  registerCall(app, noticesRoutes.getPersonNotice, async ({ body, caller, request }) => {
    const { rows, totalCount } = await reads(request, (db) =>
      getPersonNotices(db, caller, { page: body.currentPage, pageSize: body.pageSize }),
    );
    return { data: rows, totalCount };
  });
  registerCall(app, noticesRoutes.getPersonMsg, async ({ caller, request }) => ({
    data: await reads(request, (db) => getUnreadMessages(db, live, caller)),
  }));
  registerCall(app, noticesRoutes.modifyReadMsg, async ({ body, caller }) => {
    await markMessagesRead(db, live, caller, body.announcementIds);
    return { data: null };
  });
};
