// The relays of in-app messages to WeCom (modules/wechat/relay.ts) and to WeChat (template-relay.ts) as jobs of the
// queue: every 10 s on one instance, where the platform is configured and PUBLIC_URL says where the links lead. A run
// that fails is logged and the next one takes up what is still pending.
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  createTicketStore,
  isWeChatMessagingOn,
  platformSettingsOf,
  relayMessagesToWeChat,
  relayMessagesToWeCom,
} from '../modules/wechat/service';
import type { JobDefinition } from './queue';

export const wecomMessagesJob = (config: Config, db: Db): JobDefinition | undefined => {
  const settings = platformSettingsOf(config);
  if (!settings.wecom || !config.PUBLIC_URL) return undefined;
  const tickets = createTicketStore(db, settings);
  const publicUrl = config.PUBLIC_URL;
  return {
    name: 'wecom-messages',
    label: '企业微信消息发送',
    everySeconds: 10,
    retryLimit: 0,
    keepSeconds: 3600,
    run: async () => {
      await relayMessagesToWeCom({ db, tickets, settings, publicUrl, fallBackToWeChat: isWeChatMessagingOn(config) });
    },
  };
};

/**
 * The relay of in-app messages to WeChat's template messages (modules/wechat/template-relay.ts), every 10 s on one
 * instance, for the workers WeCom does not reach (or all with WeChat bound, where WeCom is not connected).
 */
export const wechatMessagesJob = (config: Config, db: Db): JobDefinition | undefined => {
  const settings = platformSettingsOf(config);
  if (!config.WECHAT_TEMPLATE_ID || !config.PUBLIC_URL || !settings.wechat) return undefined;
  const tickets = createTicketStore(db, settings);
  const deps = {
    db,
    tickets,
    settings,
    publicUrl: config.PUBLIC_URL,
    templateId: config.WECHAT_TEMPLATE_ID,
    isWeComConnected: Boolean(settings.wecom),
  };
  return {
    name: 'wechat-messages',
    label: '微信公众号消息发送',
    everySeconds: 10,
    retryLimit: 0,
    keepSeconds: 3600,
    run: async () => {
      await relayMessagesToWeChat(deps);
    },
  };
};
