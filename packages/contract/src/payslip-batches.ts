// Payslip distribution: an imported month of a plant is a batch, draft → published (employees see it and are told)
// → withdrawn (with a reason) → published again as a new version. Per employee the batch records the first read and
// the confirmation; a question on a line (有疑问) is a ticket HR answers, the answer reaching the employee as a
// message. The console's calls need HRAdmin of the batch's plant; the employee's need the payslip menu (M04).
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { CONSOLE_PAGE_SIZE, defineRoute, pagingFields, plant, text, yearMonth } from './common';
import { download } from './imports';
import { jsonTextOf } from './json-text';
import { DISPUTE_STATUSES, payslip } from './salary';

export const BATCH_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = {
  draft: '草稿',
  published: '已发布',
  withdrawn: '已撤回',
};

export const payslipBatch = z.object({
  id: z.number(),
  bu: z.string(),
  month: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** 0 before the first publication. */
  version: z.number(),
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawReason: z.string(),
  /** Payslips in the batch; of the current version: read, confirmed; questions asked and still open. */
  employees: z.number(),
  read: z.number(),
  confirmed: z.number(),
  disputed: z.number(),
  openDisputes: z.number(),
});
export type PayslipBatch = z.infer<typeof payslipBatch>;

export const payslipDispute = z.object({
  id: z.number(),
  empNo: z.string(),
  empName: z.string(),
  version: z.number(),
  itemKey: z.string(),
  itemLabel: z.string(),
  question: z.string(),
  /** settled: the employee confirmed the payslip and so said the question was settled, unanswered. */
  status: z.enum(DISPUTE_STATUSES),
  answer: z.string(),
  createdAt: z.string(),
});
export type PayslipDispute = z.infer<typeof payslipDispute>;

/** A payslip of the batch sent to its employee's phone (SalaryPayslip/GetPersonSalaryByOld): who, when, which version. */
export const payslipView = z.object({
  id: z.number(),
  empNo: z.string(),
  empName: z.string(),
  version: z.number(),
  viewedAt: z.string(),
});
export type PayslipView = z.infer<typeof payslipView>;

const batchId = z.coerce
  .number({ error: '批次编号无效' })
  .int({ error: '批次编号无效' })
  .positive({ error: '批次编号无效' })
  .max(2_147_483_647, { error: '批次编号无效' });

export const payslipBatchRoutes = {
  listPayslipBatches: defineRoute(ADDRESSES.listPayslipBatches, {
    request: z.object({
      bu: plant.optional().or(z.literal('').transform(() => undefined)),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(payslipBatch),
  }),
  publishPayslipBatch: defineRoute(ADDRESSES.publishPayslipBatch, {
    request: z.object({ id: batchId }),
    data: z.null(),
  }),
  withdrawPayslipBatch: defineRoute(ADDRESSES.withdrawPayslipBatch, {
    request: z.object({
      id: batchId,
      reason: text('撤回原因', { missing: '请填写撤回原因' })
        .trim()
        .min(1, { error: '请填写撤回原因' })
        .max(200, { error: '撤回原因最多 200 字' }),
    }),
    data: z.null(),
  }),
  /** The payslip of one employee of the batch as they will see it (JSON text of a Payslip, as the app's call). */
  previewPayslip: defineRoute(ADDRESSES.previewPayslip, {
    request: z.object({ id: batchId, empNo: text('工号').trim().min(1, { error: '请输入工号' }).max(32) }),
    data: jsonTextOf(payslip),
  }),
  listPayslipDisputes: defineRoute(ADDRESSES.listPayslipDisputes, {
    request: z.object({ id: batchId }),
    data: z.array(payslipDispute),
  }),
  answerPayslipDispute: defineRoute(ADDRESSES.answerPayslipDispute, {
    request: z.object({
      id: z.coerce
        .number({ error: '疑问编号无效' })
        .int()
        .positive({ error: '疑问编号无效' })
        .max(2_147_483_647, { error: '疑问编号无效' }),
      answer: text('答复', { missing: '请填写答复' })
        .trim()
        .min(1, { error: '请填写答复' })
        .max(500, { error: '答复最多 500 字' }),
    }),
    data: z.null(),
  }),
  /** Every view of the batch's payslips, newest first; of one employee when a number is given. */
  listPayslipViews: defineRoute(ADDRESSES.listPayslipViews, {
    request: z.object({
      id: batchId,
      empNo: text('工号').trim().max(32, { error: '工号最多 32 位' }).optional(),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(payslipView),
  }),
  exportPayslipBatch: defineRoute(ADDRESSES.exportPayslipBatch, { request: z.object({ id: batchId }), data: download }),
  // The employee's side, on the payslip screen
  confirmPayslip: defineRoute(ADDRESSES.confirmPayslip, {
    request: z.object({
      day: yearMonth,
      /** The employee says their unanswered questions on it are settled; without it such a confirm is refused. */
      settlesQuestions: z.boolean({ error: '“疑问已解决”应为是或否' }).default(false),
    }),
    data: z.null(),
  }),
  disputePayslipLine: defineRoute(ADDRESSES.disputePayslipLine, {
    request: z.object({
      day: yearMonth,
      itemKey: z.string({ error: '请选择有疑问的项目' }).max(32, { error: '工资项目无效' }),
      question: text('疑问', { missing: '请填写疑问' })
        .trim()
        .min(1, { error: '请填写疑问' })
        .max(200, { error: '疑问最多 200 字' }),
    }),
    data: z.null(),
  }),
};
