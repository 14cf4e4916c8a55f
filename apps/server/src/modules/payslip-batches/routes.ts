// PayslipBatch/* calls of the HR console, and the employee's SalaryPayslip/Confirm and SalaryPayslip/Dispute.
import { payslipBatchRoutes } from '@ess/contract/payslip-batches';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import {
  answerDispute,
  type BatchDeps,
  confirmPayslip,
  disputeLine,
  exportBatch,
  listBatches,
  listDisputes,
  listViews,
  previewPayslip,
  publishBatch,
  withdrawBatch,
} from './service';

export const registerPayslipBatchRoutes = (app: FastifyInstance, deps: BatchDeps) => {
  const r = payslipBatchRoutes;
  registerCall(app, r.listPayslipBatches, async ({ body, caller }) => {
    const { rows, totalCount } = await listBatches(deps, caller, {
      bu: body.bu,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, r.publishPayslipBatch, async ({ body, caller, request, idempotencyKey }) => {
    await publishBatch(deps, caller, { id: body.id, requestId: request.id, idempotencyKey });
    return { data: null, msg: '已发布' };
  });
  registerCall(app, r.withdrawPayslipBatch, async ({ body, caller, request, idempotencyKey }) => {
    await withdrawBatch(deps, caller, { ...body, requestId: request.id, idempotencyKey });
    return { data: null, msg: '已撤回' };
  });
  registerCall(app, r.previewPayslip, async ({ body, caller }) => ({ data: await previewPayslip(deps, caller, body) }));
  registerCall(app, r.listPayslipDisputes, async ({ body, caller }) => ({
    data: await listDisputes(deps, caller, body.id),
  }));
  registerCall(app, r.listPayslipViews, async ({ body, caller }) => {
    const { rows, totalCount } = await listViews(deps, caller, {
      id: body.id,
      empNo: body.empNo || undefined,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, r.answerPayslipDispute, async ({ body, caller, request, idempotencyKey }) => {
    await answerDispute(deps, caller, { ...body, requestId: request.id, idempotencyKey });
    return { data: null, msg: '已答复' };
  });
  registerCall(app, r.exportPayslipBatch, async ({ body, caller }) => ({
    data: await exportBatch(deps, caller, body.id),
  }));
  registerCall(app, r.confirmPayslip, async ({ body, caller, request }) => {
    await confirmPayslip(deps, caller, {
      month: body.day,
      settlesQuestions: body.settlesQuestions,
      requestId: request.id,
    });
    return { data: null, msg: '已确认' };
  });
  registerCall(app, r.disputePayslipLine, async ({ body, caller, request, idempotencyKey }) => {
    await disputeLine(deps, caller, {
      month: body.day,
      itemKey: body.itemKey,
      question: body.question,
      requestId: request.id,
      idempotencyKey,
    });
    return { data: null, msg: '已提交，人事答复后会通知您' };
  });
};
