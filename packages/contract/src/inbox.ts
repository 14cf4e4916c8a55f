// 收件箱 in the HR console: what workers send — feedback (SystemNotice/ModifyNotice, the five App* types), the public
// forms' proposals, referred candidates — listed for the HR of its plant with how long each has waited (flagged past
// INBOX_OVERDUE_DAYS), assigned to a colleague, and answered: a feedback's answer shows in the worker's 我的反馈 as
// 已审核, a proposal's or a candidate's with its status where the submitter or the referrer sees it.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { CONSOLE_PAGE_SIZE, defineRoute, optionalFilter, pagingFields, plant, text, yearMonth } from './common';
import { FEEDBACK_TYPES } from './notices';

/** The three lists of the 收件箱. */
export const INBOX_KINDS = ['feedback', 'proposal', 'candidate'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** How long an item has waited: 超时 (unhandled past the configured days), a week or more, a month or more. */
export const INBOX_AGES = ['overdue', 'week', 'month'] as const;
export type InboxAge = (typeof INBOX_AGES)[number];
export const INBOX_AGE_DAYS: Record<Exclude<InboxAge, 'overdue'>, number> = { week: 7, month: 30 };

/** Whose items: the caller's own, or those nobody has taken yet. */
export const INBOX_ASSIGNEES = ['mine', 'unassigned'] as const;

/** HR's filters of every list: plant, month (yyyy-MM, Shanghai), how long it has waited, whose it is, paging. */
export const submissionFilter = z.object({
  bu: optionalFilter(plant),
  month: optionalFilter(yearMonth),
  age: optionalFilter(z.enum(INBOX_AGES, { error: '等待时长无效' })),
  assignee: optionalFilter(z.enum(INBOX_ASSIGNEES, { error: '处理人筛选无效' })),
  ...pagingFields(CONSOLE_PAGE_SIZE),
});

/** What every row of the 收件箱 carries besides its own fields. */
export const inboxWork = {
  /** Whole days since it was sent, until it was handled (answered, or its status first changed). */
  waitedDays: z.number(),
  /** Unhandled for INBOX_OVERDUE_DAYS or more. */
  isOverdue: z.boolean(),
  /** The HR colleague it is assigned to; null while nobody is. */
  assigneeEmpNo: z.string().nullable(),
  assigneeName: z.string().nullable(),
};

export const FEEDBACK_STATUSES = ['unanswered', 'answered'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** One feedback; times 'YYYY-MM-DD HH:mm' China time. */
export const feedbackRow = z.object({
  id: z.number(),
  type: z.enum(FEEDBACK_TYPES),
  bu: z.string(),
  empNo: z.string(),
  empName: z.string(),
  deptName: z.string(),
  description: z.string(),
  createdAt: z.string(),
  ...inboxWork,
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

/** The submissions' filters and the feedback's type and status. */
export const feedbackFilter = submissionFilter.extend({
  type: optionalFilter(z.enum(FEEDBACK_TYPES, { error: '反馈类型无效' })),
  status: optionalFilter(z.enum(FEEDBACK_STATUSES, { error: '状态无效' })),
});

export const ANSWER_MAX_LENGTH = 500;

/** HR's answer: trimmed, 1–500 characters. */
export const answerText = text('答复')
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { error: '请填写答复' })
      .max(ANSWER_MAX_LENGTH, { error: `答复不能超过 ${ANSWER_MAX_LENGTH} 字` }),
  );

/** An answer that may be left out (a status change without words): blank is none. */
export const optionalAnswer = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  answerText.optional(),
);

const itemId = z.coerce
  .number({ error: '记录不存在' })
  .int({ error: '记录不存在' })
  .positive({ error: '记录不存在' })
  .max(2_147_483_647, { error: '记录不存在' });

/** An HR colleague an item can be assigned to: an HRAdmin of its plant. */
export const assignee = z.object({ empNo: z.string(), name: z.string() });
export type Assignee = z.infer<typeof assignee>;

export const inboxRoutes = {
  getFeedbackList: defineRoute(ADDRESSES.getFeedbackList, { request: feedbackFilter, data: z.array(feedbackRow) }),
  answerFeedback: defineRoute(ADDRESSES.answerFeedback, {
    request: z.object({ id: itemId, answer: answerText }),
    data: z.null(),
  }),
  getInboxAssignees: defineRoute(ADDRESSES.getInboxAssignees, {
    request: z.object({ bu: plant }),
    data: z.array(assignee),
  }),
  assignInboxItem: defineRoute(ADDRESSES.assignInboxItem, {
    request: z.object({
      kind: z.enum(INBOX_KINDS, { error: '类型无效' }),
      id: itemId,
      /** Blank takes the item back from whoever had it. */
      assigneeEmpNo: z.preprocess(
        (value) => (value === null || value === undefined ? '' : value),
        text('处理人').max(32, { error: '处理人无效' }),
      ),
    }),
    data: z.null(),
  }),
};
