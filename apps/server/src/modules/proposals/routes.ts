// The proposal calls: the public forms' lookups and submissions (rate-limited per address), the submitter's own
// list, HR's list, decision, and CSV export (GET /api/export/proposals.csv, for a download link).
import { improveDeptPlantsOf, proposalsRoutes } from '@ess/contract/proposals';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { parseRequest, registerCall, registerPublicCall } from '../../http/contract-routes';
import { sendError } from '../../http/envelope';
import { originOf, type PublicFormLimits, sendCsv } from '../../http/public-forms';
import { publicRateLimit } from '../../http/public-rate-limit';
import {
  exportProposalsCsv,
  getMyProposals,
  listDepartments,
  listProposals,
  listTeams,
  setProposalStatus,
  submitImproveProposal,
  submitStudyProposal,
} from './service';

export const registerProposalsRoutes = (
  app: FastifyInstance,
  { db, notifier, limits, overdueDays }: { db: Db; notifier: Notifier; limits: PublicFormLimits; overdueDays: number },
) => {
  const lookupLimit = publicRateLimit({ max: limits.lookup, refusal: 'LOOKUP_TOO_FREQUENT' });
  const submitLimit = publicRateLimit({ max: limits.submit, refusal: 'SUBMIT_TOO_FREQUENT' });

  registerPublicCall(
    app,
    proposalsRoutes.getImproveDeptInfo,
    async ({ body }) => ({ data: await listDepartments(db, { plants: improveDeptPlantsOf(body.bu), level: 1 }) }),
    lookupLimit,
  );
  registerPublicCall(
    app,
    proposalsRoutes.getDeptInfo,
    async ({ body }) => ({ data: await listDepartments(db, { plants: [body.bu], level: body.level }) }),
    lookupLimit,
  );
  registerPublicCall(
    app,
    proposalsRoutes.getImproveTeamData,
    async ({ body }) => ({ data: await listTeams(db, improveDeptPlantsOf(body.bu)) }),
    lookupLimit,
  );
  registerPublicCall(
    app,
    proposalsRoutes.getTeamData,
    async ({ body }) => ({ data: await listTeams(db, [body.bu]) }),
    lookupLimit,
  );
  registerPublicCall(
    app,
    proposalsRoutes.modifyProposalImproveDetail,
    async ({ body, caller, request }) => {
      await submitImproveProposal({ db, caller, form: body.modify, requestId: request.id });
      return { data: null, msg: '提交成功' };
    },
    submitLimit,
  );
  registerPublicCall(
    app,
    proposalsRoutes.addProposalStudy,
    async ({ body, caller, request }) => {
      await submitStudyProposal({ db, caller, form: body.modify, requestId: request.id });
      return { data: null, msg: '提交成功' };
    },
    submitLimit,
  );
  registerCall(app, proposalsRoutes.getMyProposals, async ({ body, caller }) => {
    const { rows, totalCount } = await getMyProposals(db, caller, { page: body.currentPage, pageSize: body.pageSize });
    return { data: rows, totalCount };
  });
  registerCall(app, proposalsRoutes.getProposalList, async ({ body, caller }) => {
    const { rows, totalCount } = await listProposals(db, caller, {
      ...body,
      page: body.CurrentPage,
      pageSize: body.PageSize,
      overdueDays,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, proposalsRoutes.setProposalStatus, async ({ body, caller, request }) => {
    await setProposalStatus({ db, notifier }, caller, { ...body, requestId: request.id });
    return { data: null, msg: '操作成功' };
  });

  app.get(
    '/api/export/proposals.csv',
    { config: { access: 'private', isApiCall: true, acceptsCookieToken: true } },
    async (request, reply) => {
      const { caller } = request;
      if (!caller) return sendError(reply, new BusinessError('UNAUTHORIZED'));
      const parsed = parseRequest(proposalsRoutes.getProposalList, request.query);
      if (!parsed.ok) return sendError(reply, new BusinessError('INVALID_INPUT', { detail: parsed.message }));
      const { bu, month } = parsed.data;
      return sendCsv(reply, {
        fileName: `提案${bu ? `_${bu}` : ''}${month ? `_${month}` : ''}.csv`,
        build: () => exportProposalsCsv(db, caller, { ...parsed.data, overdueDays }, originOf(request)),
      });
    },
  );
};
