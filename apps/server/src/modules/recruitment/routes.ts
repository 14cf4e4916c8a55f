// Recruitment calls: the public registration (rate-limited per address), the referrer's candidates, HR's list,
// decision and CSV export (GET /api/export/candidates.csv).
import { REGISTERED_MESSAGE, recruitmentRoutes } from '@ess/contract/recruitment';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { parseRequest, registerCall, registerPublicCall } from '../../http/contract-routes';
import { sendError } from '../../http/envelope';
import { originOf, type PublicFormLimits, sendCsv } from '../../http/public-forms';
import { publicRateLimit } from '../../http/public-rate-limit';
import { exportCandidatesCsv, getMyReferrals, listCandidates, registerCandidate, setCandidateStatus } from './service';

export const registerRecruitmentRoutes = (
  app: FastifyInstance,
  { db, notifier, limits, overdueDays }: { db: Db; notifier: Notifier; limits: PublicFormLimits; overdueDays: number },
) => {
  registerPublicCall(
    app,
    recruitmentRoutes.insertRecruitmentRegister,
    async ({ body, caller, request }) => {
      await registerCandidate({ db, caller, form: body.modify, requestId: request.id });
      return { data: null, msg: REGISTERED_MESSAGE };
    },
    publicRateLimit({ max: limits.submit, refusal: 'SUBMIT_TOO_FREQUENT' }),
  );
  registerCall(app, recruitmentRoutes.getMyReferrals, async ({ caller }) => ({
    data: await getMyReferrals(db, caller),
  }));
  registerCall(app, recruitmentRoutes.getCandidateList, async ({ body, caller }) => {
    const { rows, totalCount } = await listCandidates(db, caller, {
      ...body,
      page: body.CurrentPage,
      pageSize: body.PageSize,
      overdueDays,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, recruitmentRoutes.setCandidateStatus, async ({ body, caller, request }) => {
    await setCandidateStatus({ db, notifier }, caller, { ...body, requestId: request.id });
    return { data: null, msg: '操作成功' };
  });

  app.get(
    '/api/export/candidates.csv',
    { config: { access: 'private', isApiCall: true, acceptsCookieToken: true } },
    async (request, reply) => {
      const { caller } = request;
      if (!caller) return sendError(reply, new BusinessError('UNAUTHORIZED'));
      const parsed = parseRequest(recruitmentRoutes.getCandidateList, request.query);
      if (!parsed.ok) return sendError(reply, new BusinessError('INVALID_INPUT', { detail: parsed.message }));
      const { bu, month } = parsed.data;
      return sendCsv(reply, {
        fileName: `推荐候选人${bu ? `_${bu}` : ''}${month ? `_${month}` : ''}.csv`,
        build: () => exportCandidatesCsv(db, caller, { ...parsed.data, overdueDays }, originOf(request)),
      });
    },
  );
};
