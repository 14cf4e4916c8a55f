// 收件箱 in the HR console: the feedback workers send (SystemNotice/ModifyNotice, the five App* types), listed for the
// HR of its plant with how long it has waited, and answered: the answer shows in the worker's 我的反馈 as 已审核
// and reaches them as a message.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, optionalFilter, text } from './common';
import { FEEDBACK_TYPES } from './notices';
import { submissionFilter } from './proposals';

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
  /** Whole days since it was sent, until it was answered. */
  waitedDays: z.number(),
  /** Unanswered for more than FEEDBACK_OVERDUE_DAYS. */
  isOverdue: z.boolean(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

/** The submissions' filters (plant, month, paging) and the feedback's type and status. */
export const feedbackFilter = submissionFilter.extend({
  type: optionalFilter(z.enum(FEEDBACK_TYPES, { error: '反馈类型无效' })),
  status: optionalFilter(z.enum(FEEDBACK_STATUSES, { error: '状态无效' })),
});

export const ANSWER_MAX_LENGTH = 500;

export const inboxRoutes = {
  getFeedbackList: defineRoute(ADDRESSES.getFeedbackList, { request: feedbackFilter, data: z.array(feedbackRow) }),
  answerFeedback: defineRoute(ADDRESSES.answerFeedback, {
    request: z.object({
      id: z.coerce.number({ error: '反馈不存在' }).int({ error: '反馈不存在' }).positive({ error: '反馈不存在' }),
      answer: text('答复')
        .transform((value) => value.trim())
        .pipe(
          z
            .string()
            .min(1, { error: '请填写答复' })
            .max(ANSWER_MAX_LENGTH, { error: `答复不能超过 ${ANSWER_MAX_LENGTH} 字` }),
        ),
    }),
    data: z.null(),
  }),
};
