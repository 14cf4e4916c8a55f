// WeChat and WeCom (SPEC §7 Wechat/*): the JS-SDK signature of the share page, and the messaging calls, which go
// through the server's messaging adapter (an outbox unless an operator connects one).
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { CONSOLE_PAGE_SIZE, defineRoute, empty, optionalFilter, pagingFields, plant, text } from './common';

/** Which in-app browser asks: WeChat (config) or WeCom (config with the corporation's ticket, agentConfig with the app's). */
export const SHARE_CLIENTS = ['WECHAT', 'WECOM'] as const;
export type ShareClient = (typeof SHARE_CLIENTS)[number];

export const shareData = z.object({
  /** The official account's app id, or the WeCom corporation id. */
  appId: z.string(),
  timestamp: z.number(),
  nonceStr: z.string(),
  signature: z.string(),
  /** WeCom only: the app's agent id and the signature agentConfig takes. */
  agentId: z.string().optional(),
  agentSignature: z.string().optional(),
});
export type ShareData = z.infer<typeof shareData>;

const message = z.object({
  msg: text('消息').max(2000, { error: '消息最多 2000 字' }).default(''),
});

/**
 * The kinds of messages a worker may keep from their WeCom (the in-app message stays): reminders. Payslips, record
 * decisions and answers always go.
 */
export const MESSAGE_CATEGORIES = ['training', 'notice'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const MESSAGE_CATEGORY_LABELS: Record<MessageCategory, string> = {
  training: '学习和考试提醒',
  notice: '公告提醒',
};

export const messageSettings = z.object({
  /** Whether messages leave the app (WeCom's cards, or WeChat's template messages): without it there is nothing to choose. */
  isWecomConfigured: z.boolean(),
  /** The kinds the worker keeps from their WeCom. */
  muted: z.array(z.enum(MESSAGE_CATEGORIES)),
});
export type MessageSettings = z.infer<typeof messageSettings>;

/** One event's messages (those written together, of the same words) and what became of them in WeCom. */
export const deliveryEvent = z.object({
  /** Names the event for Wechat/GetUndelivered. */
  key: z.string(),
  title: z.string(),
  /** The page the card opens ('' for home). */
  link: z.string(),
  createdAt: z.string(),
  total: z.number(),
  /** Handed to WeCom. */
  sent: z.number(),
  /** Waiting, or to be tried again after a temporary refusal. */
  pending: z.number(),
  /** Not a member WeCom knows, or left: never tried again. */
  invalid: z.number(),
  /** Refused for good. */
  failed: z.number(),
  /** Taken back with the change (a payslip batch withdrawn): recalled from WeCom, or not sent. */
  recalled: z.number(),
});
export type DeliveryEvent = z.infer<typeof deliveryEvent>;

export const DELIVERY_STATUSES = ['pending', 'invalid', 'failed', 'recalled'] as const;
export const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  pending: '发送中',
  invalid: '无法送达',
  failed: '发送失败',
  recalled: '已撤回',
};

export const undeliveredPerson = z.object({
  empNo: z.string(),
  name: z.string(),
  bu: z.string(),
  deptName: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Why, in words. */
  error: z.string(),
  attempts: z.number(),
});
export type UndeliveredPerson = z.infer<typeof undeliveredPerson>;

const deliveryEventKey = z.string({ error: '消息不存在' }).regex(/^\d{1,20}\.[0-9a-f]{32}$/, { error: '消息不存在' });

export const wechatRoutes = {
  getShareData: defineRoute(ADDRESSES.getShareData, {
    request: z.object({
      // Ignored: the token travels in the headers.
      token: z.unknown().optional(),
      url: z
        .string({ error: '页面地址无效' })
        .max(2000, { error: '页面地址无效' })
        .regex(/^https?:\/\/[^\s#]+(?:#.*)?$/, { error: '页面地址无效' }),
      client: z.enum(SHARE_CLIENTS, { error: '客户端类型无效' }).default('WECHAT'),
    }),
    data: shareData,
  }),
  checkWxData: defineRoute(ADDRESSES.checkWxData, {
    request: message,
    data: z.object({ isConfigured: z.boolean() }),
  }),
  checkWorkWxData: defineRoute(ADDRESSES.checkWorkWxData, {
    request: message,
    data: z.object({ isConfigured: z.boolean() }),
  }),
  getMessageSettings: defineRoute(ADDRESSES.getMessageSettings, { request: empty, data: messageSettings }),
  saveMessageSettings: defineRoute(ADDRESSES.saveMessageSettings, {
    request: z.object({
      muted: z
        .array(z.enum(MESSAGE_CATEGORIES, { error: '消息类型无效' }))
        .max(MESSAGE_CATEGORIES.length, { error: '消息类型无效' }),
    }),
    data: z.null(),
  }),
  getWecomDeliveries: defineRoute(ADDRESSES.getWecomDeliveries, {
    request: z.object({ bu: optionalFilter(plant), ...pagingFields(CONSOLE_PAGE_SIZE) }),
    data: z.array(deliveryEvent),
  }),
  /** Of one event, the workers of the caller's plants it did not reach (yet), and why. */
  getWecomUndelivered: defineRoute(ADDRESSES.getWecomUndelivered, {
    request: z.object({ key: deliveryEventKey, bu: optionalFilter(plant), ...pagingFields(CONSOLE_PAGE_SIZE) }),
    data: z.array(undeliveredPerson),
  }),
  sendWxMsg: defineRoute(ADDRESSES.sendWxMsg, {
    request: z.object({
      msg: text('消息', { missing: '请填写消息' })
        .trim()
        .min(1, { error: '请填写消息' })
        .max(2000, { error: '消息最多 2000 字' }),
    }),
    data: z.null(),
  }),
};
