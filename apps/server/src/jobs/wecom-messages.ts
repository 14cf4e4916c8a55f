// The relay of in-app messages to WeCom (modules/wechat/relay.ts) as a job of the queue: every 10 s on one instance,
// where WeCom is configured and PUBLIC_URL says where the cards' links lead. A run that fails is logged and the next
// one takes up what is still pending.
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createTicketStore, platformSettingsOf, relayMessagesToWeCom } from '../modules/wechat/service';
import type { JobDefinition } from './queue';

export const wecomMessagesJob = (config: Config, db: Db): JobDefinition | undefined => {
  const settings = platformSettingsOf(config);
  if (!settings.wecom || !config.PUBLIC_URL) return undefined;
  const tickets = createTicketStore(db, settings);
  const publicUrl = config.PUBLIC_URL;
  return {
    name: 'wecom-messages',
    label: '企业微信消息发送',
    cron: '*/10 * * * * *',
    retryLimit: 0,
    keepSeconds: 3600,
    run: async () => {
      await relayMessagesToWeCom({ db, tickets, settings, publicUrl });
    },
  };
};
