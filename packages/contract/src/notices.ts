// Notices: feedback the employee sends, review outcomes, unread messages on home.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { camelPagingFields, defineRoute, empty, text } from './common';
import { FEEDBACK_TYPES } from './feedback-types';
import { changeNotices } from './records';

export { FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, type FeedbackType } from './feedback-types';

export const personNotice = z.object({
  id: z.number(),
  noticeTitle: z.string(),
  noticeBody: z.string(),
  isVerify: z.enum(['Y', 'N']),
  /**
   * How it stands, in words on screen: feedback `pending` or `answered`; a record change `pending`, `approved`,
   * `rejected` or `withdrawn` (by the employee).
   */
  outcome: z.enum(['pending', 'answered', 'approved', 'rejected', 'withdrawn']),
  /** The change request this notice carries, while it can still be read and withdrawn (pending). */
  changeRequestId: z.number().nullable(),
  messageContent: z.string(),
  createdAt: z.string(),
});
export type PersonNotice = z.infer<typeof personNotice>;

export const personMsg = z.object({
  id: z.number(),
  noticeTitle: z.string(),
  noticeBody: z.string(),
  createdAt: z.string(),
  /** A message to this employee, or HR's notice (公告, its id; the body cut short: the whole is in 消息). */
  kind: z.enum(['message', 'announcement']),
  mustAcknowledge: z.boolean(),
});
export type PersonMsg = z.infer<typeof personMsg>;

/** A feedback notice (SPEC §5: type and description required, 反馈类型或描述为空). */
export const feedbackNotice = z.object({
  NoticeType: z.enum(FEEDBACK_TYPES, { error: '反馈类型或描述为空' }),
  NoticeTitle: text('标题').trim().max(100, { error: '标题最多 100 字' }).default(''),
  NoticeDesc: text('描述', { missing: '反馈类型或描述为空' })
    .trim()
    .min(1, { error: '反馈类型或描述为空' })
    .max(1000, { error: '描述最多 1000 字' }),
  NoticeBody: text('内容').max(5000, { error: '内容过长' }).default(''),
  // Ignored: the plant is the caller's own.
  Bu: z.unknown().optional(),
});

export const noticesRoutes = {
  /** Feedback, or the edit of a personal record for HR's review (APP_EDIT_*, NoticeBody the new record). */
  modifyNotice: defineRoute(ADDRESSES.modifyNotice, {
    request: z.discriminatedUnion(
      'NoticeType',
      [
        feedbackNotice,
        changeNotices.APP_EDIT_PERSON,
        changeNotices.APP_EDIT_EDU,
        changeNotices.APP_EDIT_WORK,
        changeNotices.APP_EDIT_TITLE,
        changeNotices.APP_EDIT_BANK,
      ],
      { error: '反馈类型或描述为空' },
    ),
    data: z.null(),
  }),
  getPersonNotice: defineRoute(ADDRESSES.getPersonNotice, {
    request: z.object(camelPagingFields()),
    data: z.array(personNotice),
  }),
  getPersonMsg: defineRoute(ADDRESSES.getPersonMsg, { request: empty, data: z.array(personMsg) }),
  /**
   * Marks the messages read, and the notices the dialog showed (their ids; absent: every notice unread now), so a
   * notice published while the dialog was open is not taken as read.
   */
  modifyReadMsg: defineRoute(ADDRESSES.modifyReadMsg, {
    request: z
      .object({
        announcementIds: z
          .array(
            z
              .number({ error: '公告不存在' })
              .int({ error: '公告不存在' })
              .positive({ error: '公告不存在' })
              .max(2_147_483_647, { error: '公告不存在' }),
          )
          .max(50, { error: '公告太多' })
          .optional(),
      })
      .passthrough(),
    data: z.null(),
  }),
};
