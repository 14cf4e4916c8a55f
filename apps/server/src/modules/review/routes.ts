// Review/* calls: the reviewer's console (role AppVerify, checked by the contract entry and again by the service),
// and the employee's view and withdrawal of their own waiting change.
import { reviewRoutes } from '@ess/contract/review';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import {
  approveChange,
  countPending,
  getChangeDetail,
  getMyChange,
  listChanges,
  type ReviewDeps,
  rejectChange,
  withdrawChange,
} from './service';

export const registerReviewRoutes = (app: FastifyInstance, deps: ReviewDeps) => {
  registerCall(app, reviewRoutes.getChangeList, async ({ body, caller }) => {
    const { rows, totalCount } = await listChanges(deps, caller, {
      bu: body.bu,
      kind: body.kind,
      status: body.status,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, reviewRoutes.getChangeDetail, async ({ body, caller, request }) => ({
    data: await getChangeDetail(deps, caller, { id: body.id, requestId: request.id }),
  }));
  registerCall(app, reviewRoutes.approveChange, async ({ body, caller, request }) => ({
    data: await approveChange(deps, caller, { ...body, requestId: request.id }),
    msg: '审核通过',
  }));
  registerCall(app, reviewRoutes.rejectChange, async ({ body, caller, request }) => ({
    data: await rejectChange(deps, caller, { ...body, requestId: request.id }),
    msg: '已驳回',
  }));
  registerCall(app, reviewRoutes.getPendingCount, async ({ caller }) => ({ data: await countPending(deps, caller) }));
  // The employee's own change, not the reviewer's: any signed-in caller, answered for their own requests only.
  registerCall(app, reviewRoutes.getMyChange, async ({ body, caller }) => ({
    data: await getMyChange(deps, caller, { kind: body.kind }),
  }));
  registerCall(app, reviewRoutes.withdrawChange, async ({ body, caller, request }) => ({
    data: await withdrawChange(deps, caller, { id: body.id, requestId: request.id }),
    msg: '已撤回',
  }));
};
