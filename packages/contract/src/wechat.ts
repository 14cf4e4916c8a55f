// WeChat and WeCom (SPEC §7 Wechat/*): the JS-SDK signature of the share page, and the messaging calls, which go
// through the server's messaging adapter (an outbox unless an operator connects one).
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, text } from './common';

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
