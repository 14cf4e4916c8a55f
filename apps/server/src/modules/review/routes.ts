// Review/* calls: the reviewer's console (role AppVerify, checked by the contract entry and again by the service),
// and the employee's view and withdrawal of their own waiting change.
import { reviewRoutes } from '@ess/contract/review';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import {
  approveChangeRequest,
  countPendingChangeRequests,
  getChangeRequestDetail,
  getMyChangeRequest,
  listChangeRequests,
  type ReviewDeps,
  rejectChangeRequest,
  withdrawChangeRequest,
} from './service';

export const registerReviewRoutes = (app: FastifyInstance, deps: ReviewDeps) => {
  registerCall(app, reviewRoutes.getChangeList, async ({ body, caller }) => {
    const { rows, totalCount } = await listChangeRequests(deps, caller, {
      bu: body.bu,
      kind: body.kind,
      status: body.status,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, reviewRoutes.getChangeDetail, async ({ body, caller, request }) => ({
    data: await getChangeRequestDetail(deps, caller, { id: body.id, requestId: request.id }),
  }));
  registerCall(app, reviewRoutes.approveChange, async ({ body, caller, request }) => ({
    data: await approveChangeRequest(deps, caller, { ...body, requestId: request.id }),
    msg: '审核通过',
  }));
  registerCall(app, reviewRoutes.rejectChange, async ({ body, caller, request }) => ({
    data: await rejectChangeRequest(deps, caller, { ...body, requestId: request.id }),
    msg: '已驳回',
  }));
  registerCall(app, reviewRoutes.getPendingCount, async ({ caller }) => ({
    data: await countPendingChangeRequests(deps, caller),
  }));
  // The employee's own change, not the reviewer's: any signed-in caller, answered for their own requests only.
  registerCall(app, reviewRoutes.getMyChange, async ({ body, caller }) => ({
    data: await getMyChangeRequest(deps, caller, { kind: body.kind }),
  }));
  registerCall(app, reviewRoutes.withdrawChange, async ({ body, caller, request }) => ({
    data: await withdrawChangeRequest(deps, caller, { id: body.id, requestId: request.id }),
    msg: '已撤回',
  }));
};
