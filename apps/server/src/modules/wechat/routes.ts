// Wechat/GetShareData, CheckWxData, CheckWorkWxData, SendWxMsg.
import { wechatRoutes } from '@ess/contract/wechat';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { publicRateLimit } from '../../http/public-rate-limit';
import { createOutboxMessaging, type Messaging } from '../../integrations/messaging';
import { getShareData } from './service';
import { createTicketStore, type PlatformSettings } from './tickets';

/** The platforms the operator configured (README: WECHAT_*, WECOM_*). */
export const platformSettingsOf = (config: Config): PlatformSettings => ({
  wechat:
    config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
      ? { appId: config.WECHAT_APP_ID, secret: config.WECHAT_APP_SECRET, apiBase: config.WECHAT_API_BASE }
      : undefined,
  wecom:
    config.WECOM_CORP_ID && config.WECOM_CORP_SECRET && config.WECOM_AGENT_ID
      ? {
          corpId: config.WECOM_CORP_ID,
          secret: config.WECOM_CORP_SECRET,
          agentId: config.WECOM_AGENT_ID,
          apiBase: config.WECOM_API_BASE,
        }
      : undefined,
  timeoutMs: config.WECHAT_TIMEOUT_MS,
});

export const registerWechatRoutes = (
  app: FastifyInstance,
  { db, config, messaging }: { db: Db; config: Config; messaging?: Messaging },
) => {
  const settings = platformSettingsOf(config);
  const tickets = createTicketStore(db, settings);
  const channels = messaging ?? createOutboxMessaging(db, { wechat: !!settings.wechat, wecom: !!settings.wecom });

  registerCall(app, wechatRoutes.getShareData, async ({ body }) => ({
    data: await getShareData({ tickets, settings }, { url: body.url, client: body.client }),
  }));
  registerCall(app, wechatRoutes.checkWxData, async () => ({
    data: { isConfigured: channels.isConfigured('wechat') },
  }));
  registerCall(app, wechatRoutes.checkWorkWxData, async () => ({
    data: { isConfigured: channels.isConfigured('wecom') },
  }));
  // To the caller's own account only: the call cannot be used to message anyone else.
  registerCall(
    app,
    wechatRoutes.sendWxMsg,
    async ({ body, caller }) => {
      const channel = channels.isConfigured('wecom') && !channels.isConfigured('wechat') ? 'wecom' : 'wechat';
      await channels.send({ channel, employeeId: caller.id, empNo: caller.empNo, text: body.msg });
      return { data: null, msg: '消息已发送' };
    },
    publicRateLimit({ max: config.PUBLIC_SUBMIT_RATE_LIMIT, refusal: 'SUBMIT_TOO_FREQUENT' }),
  );
};
