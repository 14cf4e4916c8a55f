// The reviewer's console (beyond the spec; HR asked for it): the change requests waiting for a holder of
// AppVerify, each with its old and new values side by side, and the decision.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { CONSOLE_PAGE_SIZE, defineRoute, empty, pagingFields, plant, text } from './common';
import { CHANGE_KINDS } from './records';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** Besides the reviewers' three: taken back by the employee before anyone decided (never listed to reviewers). */
export const CHANGE_STATUSES = [...REVIEW_STATUSES, 'withdrawn'] as const;

export const changeRequestListItem = z.object({
  id: z.number(),
  empNo: z.string(),
  empName: z.string(),
  bu: z.string(),
  deptName: z.string(),
  kind: z.enum(CHANGE_KINDS),
  status: z.enum(CHANGE_STATUSES),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ChangeRequestListItem = z.infer<typeof changeRequestListItem>;

/** One field of a record: before and after, as a reviewer reads them (dictionary names, whole numbers). */
export const changeField = z.object({
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  isChanged: z.boolean(),
  /** The value is a file's address: shown inline (a scan) or as a link. */
  isFile: z.boolean(),
});
export type ChangeField = z.infer<typeof changeField>;

/** A record the change touches: the base data, one certificate, the bank card. */
export const changeGroup = z.object({
  title: z.string(),
  change: z.enum(['added', 'removed', 'changed', 'unchanged']),
  fields: z.array(changeField),
});
export type ChangeGroup = z.infer<typeof changeGroup>;

export const changeRequestDetail = changeRequestListItem.extend({
  title: z.string(),
  decidedByName: z.string().nullable(),
  reason: z.string(),
  /** Against the records as they are now; a record changed since the employee sent the edit shows as such. */
  groups: z.array(changeGroup),
  /** The records were changed after the edit was sent (HR edited them): the differences are against today's. */
  isStale: z.boolean(),
  /** The record versions these differences were computed against; an approval must name them. */
  seenVersions: z.record(z.string(), z.number()),
});
export type ChangeRequestDetail = z.infer<typeof changeRequestDetail>;

/** The employee's own change while it waits: what they sent (numbers masked), to read and to withdraw. */
export const myChangeRequest = z.object({
  id: z.number(),
  kind: z.enum(CHANGE_KINDS),
  submittedAt: z.string(),
  groups: z.array(changeGroup),
});
export type MyChangeRequest = z.infer<typeof myChangeRequest>;

const changeRequestId = z.coerce
  .number({ error: '申请编号无效' })
  .int({ error: '申请编号无效' })
  .positive({ error: '申请编号无效' })
  .max(2_147_483_647, { error: '申请编号无效' });

/** The former names, while the console's review page imports them. */
export type ChangeListItem = ChangeRequestListItem;
export type ChangeDetail = ChangeRequestDetail;

export const reviewRoutes = {
  getChangeList: defineRoute(ADDRESSES.getChangeList, {
    request: z.object({
      bu: plant.optional().or(z.literal('').transform(() => undefined)),
      kind: z
        .enum(CHANGE_KINDS, { error: '修改类型无效' })
        .optional()
        .or(z.literal('').transform(() => undefined)),
      status: z.enum(REVIEW_STATUSES, { error: '审核状态无效' }).default('pending'),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(changeRequestListItem),
  }),
  getChangeDetail: defineRoute(ADDRESSES.getChangeDetail, {
    request: z.object({ id: changeRequestId }),
    data: changeRequestDetail,
  }),
  approveChange: defineRoute(ADDRESSES.approveChange, {
    request: z.object({
      id: changeRequestId,
      seenVersions: z.record(z.string().max(8), z.number().int().min(0).max(2_147_483_647), {
        error: '请刷新后重新审核',
      }),
      opinion: text('审核意见').trim().max(500, { error: '审核意见最多 500 字' }).default(''),
    }),
    data: z.null(),
  }),
  rejectChange: defineRoute(ADDRESSES.rejectChange, {
    request: z.object({
      id: changeRequestId,
      reason: text('驳回原因', { missing: '请填写驳回原因' })
        .trim()
        .min(1, { error: '请填写驳回原因' })
        .max(500, { error: '驳回原因最多 500 字' }),
    }),
    data: z.null(),
  }),
  getPendingCount: defineRoute(ADDRESSES.getPendingCount, { request: empty, data: z.object({ count: z.number() }) }),
  /** The caller's change of this kind waiting for review; null when none waits. */
  getMyChange: defineRoute(ADDRESSES.getMyChange, {
    request: z.object({ kind: z.enum(CHANGE_KINDS, { error: '修改类型无效' }) }),
    data: myChangeRequest.nullable(),
  }),
  withdrawChange: defineRoute(ADDRESSES.withdrawChange, { request: z.object({ id: changeRequestId }), data: z.null() }),
};
