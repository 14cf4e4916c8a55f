// 公告: notices HR writes in the console for an audience (audience.ts), read by the workers in the app's 消息 and
// once in the home page's dialog; 须确认 ones wait on top of 消息 until 我已阅读. HR follows who has read and
// acknowledged, exports it, reminds those who have not once, and withdraws a notice (gone from the app, kept in the
// log).
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { audienceRule } from './audience';
import {
  CONSOLE_PAGE_SIZE,
  camelPagingFields,
  defineRoute,
  optionalFile,
  optionalFilter,
  pagingFields,
  plant,
  requiredText,
  text,
} from './common';
import { download } from './imports';

/** A time as the console gives and shows it, China time. */
export const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;
const dateTime = (label: string) =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: `${label}格式应为 yyyy-MM-dd HH:mm` })
      .regex(DATE_TIME, { error: `${label}格式应为 yyyy-MM-dd HH:mm` })
      .optional(),
  );

/** The most characters a body's HTML may have (pictures are files, not data URLs). */
export const BODY_MAX_LENGTH = 100_000;

const announcementId = z.coerce
  .number({ error: '公告不存在' })
  .int({ error: '公告不存在' })
  .positive({ error: '公告不存在' })
  .max(2_147_483_647, { error: '公告不存在' });

export const ANNOUNCEMENT_STATES = ['scheduled', 'live', 'ended', 'withdrawn'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];
export const ANNOUNCEMENT_STATE_LABELS: Record<AnnouncementState, string> = {
  scheduled: '未开始',
  live: '发布中',
  ended: '已结束',
  withdrawn: '已撤回',
};

export const announcementDraft = z
  .object({
    title: requiredText('标题', '请填写标题', 100),
    /** Rich text (HTML); the server keeps only what its allow-list lets through. */
    body: text('正文')
      .max(BODY_MAX_LENGTH, { error: '正文过长，请减少内容或把图片作为文件上传' })
      .refine((value) => value.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0 || /<img\s/i.test(value), {
        error: '请填写正文',
      }),
    /** A PDF uploaded with Announcement/UploadFile. */
    attachment: optionalFile,
    audience: audienceRule,
    mustAcknowledge: z.boolean({ error: '“须确认”应为是或否' }).default(false),
    startsAt: dateTime('开始时间'),
    endsAt: dateTime('结束时间'),
  })
  .refine((draft) => !draft.startsAt || !draft.endsAt || draft.startsAt < draft.endsAt, {
    error: '结束时间应晚于开始时间',
    path: ['endsAt'],
  });
export type AnnouncementDraft = z.output<typeof announcementDraft>;

/** A notice in the console's list; times 'YYYY-MM-DD HH:mm' China time. */
export const announcementRow = z.object({
  id: z.number(),
  title: z.string(),
  audience: z.string(),
  plants: z.array(z.string()),
  mustAcknowledge: z.boolean(),
  state: z.enum(ANNOUNCEMENT_STATES),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  readCount: z.number(),
  acknowledgedCount: z.number(),
  remindedAt: z.string().nullable(),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;

export const announcementDetail = announcementRow.extend({
  body: z.string(),
  attachmentUrl: z.string().nullable(),
  rule: audienceRule,
});
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

/** Read and acknowledged among those the rule reaches today (not marked as left), per plant and department. */
export const receiptGroup = z.object({
  bu: z.string(),
  deptName: z.string(),
  audienceCount: z.number(),
  readCount: z.number(),
  acknowledgedCount: z.number(),
});
export const receiptSummary = z.object({
  audienceCount: z.number(),
  readCount: z.number(),
  acknowledgedCount: z.number(),
  groups: z.array(receiptGroup),
});
export type ReceiptSummary = z.infer<typeof receiptSummary>;

/** unread: not opened yet; unacknowledged: not 我已阅读 yet (a 须确认 notice). */
export const PENDING_KINDS = ['unread', 'unacknowledged'] as const;
export const pendingRow = z.object({
  empNo: z.string(),
  name: z.string(),
  bu: z.string(),
  deptName: z.string(),
  teamName: z.string(),
  readAt: z.string().nullable(),
});
export type PendingRow = z.infer<typeof pendingRow>;

/** A notice in the worker's 消息; the body is plain text cut short (the whole is Announcement/GetMine's one). */
export const myAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  excerpt: z.string(),
  publishedAt: z.string(),
  mustAcknowledge: z.boolean(),
  isRead: z.boolean(),
  isAcknowledged: z.boolean(),
  hasAttachment: z.boolean(),
});
export type MyAnnouncement = z.infer<typeof myAnnouncement>;
export const myAnnouncementDetail = myAnnouncement.extend({ body: z.string(), attachmentUrl: z.string().nullable() });
export type MyAnnouncementDetail = z.infer<typeof myAnnouncementDetail>;

const byId = z.object({ id: announcementId });

export const announcementsRoutes = {
  // ——— the console (HRAdmin of the notice's plants; a company-wide one is the SysAdmin's) ———
  getAnnouncementList: defineRoute(ADDRESSES.getAnnouncementList, {
    request: z.object({
      bu: optionalFilter(plant),
      state: optionalFilter(z.enum(ANNOUNCEMENT_STATES, { error: '状态无效' })),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(announcementRow),
  }),
  getAnnouncement: defineRoute(ADDRESSES.getAnnouncement, { request: byId, data: announcementDetail }),
  publishAnnouncement: defineRoute(ADDRESSES.publishAnnouncement, {
    request: announcementDraft,
    data: z.object({ id: z.number() }),
  }),
  withdrawAnnouncement: defineRoute(ADDRESSES.withdrawAnnouncement, { request: byId, data: z.null() }),
  getAnnouncementReceipts: defineRoute(ADDRESSES.getAnnouncementReceipts, {
    request: byId.extend({ bu: optionalFilter(plant) }),
    data: receiptSummary,
  }),
  getAnnouncementPending: defineRoute(ADDRESSES.getAnnouncementPending, {
    request: byId.extend({
      bu: optionalFilter(plant),
      kind: z.enum(PENDING_KINDS, { error: '名单类型无效' }).default('unread'),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(pendingRow),
  }),
  /** One plant's people, or every plant's when they are at most 20,000 (EXPORT_TOO_LARGE otherwise). */
  exportAnnouncementReceipts: defineRoute(ADDRESSES.exportAnnouncementReceipts, {
    request: byId.extend({ bu: optionalFilter(plant) }),
    data: download,
  }),
  remindAnnouncement: defineRoute(ADDRESSES.remindAnnouncement, { request: byId, data: z.null() }),
  /** A picture of the body or the PDF attachment (multipart, field `file`): answers its address. */
  uploadAnnouncementFile: defineRoute(ADDRESSES.uploadAnnouncementFile, { request: z.object({}), data: z.string() }),
  // ——— the worker's ———
  getMyAnnouncements: defineRoute(ADDRESSES.getMyAnnouncements, {
    request: z.object(camelPagingFields()),
    data: z.array(myAnnouncement),
  }),
  getMyAnnouncement: defineRoute(ADDRESSES.getMyAnnouncement, { request: byId, data: myAnnouncementDetail }),
  acknowledgeAnnouncement: defineRoute(ADDRESSES.acknowledgeAnnouncement, { request: byId, data: z.null() }),
};
