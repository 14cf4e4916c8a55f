// Wechat/*: the share page's JS-SDK signature (config for WeChat; config and agentConfig for WeCom) from the
// shared tickets, and the messaging calls, which go through the messaging adapter.
import type { ShareClient, ShareData } from '@ess/contract/wechat';
import type { Config } from '../../config';
import { BusinessError } from '../../core/errors';
import { jsSdkSignature, makeNonce } from './signature';
import type { PlatformSettings, TicketStore } from './tickets';

export { bindPendingAccount, deleteOldOAuthStates } from './oauth';
export { deleteOldDeliveries, type RelayRun, relayMessagesToWeCom } from './relay';
export { relayMessagesToWeChat, type TemplateRun } from './template-relay';
export { createTicketStore, type PlatformSettings } from './tickets';

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

/** WeChat's template messages are on: the official account, its template and PUBLIC_URL are configured. */
export const isWeChatMessagingOn = (config: Config) =>
  Boolean(platformSettingsOf(config).wechat && config.WECHAT_TEMPLATE_ID && config.PUBLIC_URL);

export const getShareData = async (
  {
    tickets,
    settings,
    now = () => Date.now(),
  }: { tickets: TicketStore; settings: PlatformSettings; now?: () => number },
  { url, client }: { url: string; client: ShareClient },
): Promise<ShareData> => {
  const timestamp = Math.floor(now() / 1000);
  const nonceStr = makeNonce();
  if (client === 'WECOM') {
    const { wecom } = settings;
    if (!wecom) throw new BusinessError('WECHAT_NOT_CONFIGURED');
    const [corpTicket, agentTicket] = await Promise.all([tickets.get('wecom:corp'), tickets.get('wecom:agent')]);
    return {
      appId: wecom.corpId,
      timestamp,
      nonceStr,
      signature: jsSdkSignature({ ticket: corpTicket, nonceStr, timestamp, url }),
      agentId: wecom.agentId,
      agentSignature: jsSdkSignature({ ticket: agentTicket, nonceStr, timestamp, url }),
    };
  }
  const { wechat } = settings;
  if (!wechat) throw new BusinessError('WECHAT_NOT_CONFIGURED');
  const ticket = await tickets.get('wechat:jsapi');
  return { appId: wechat.appId, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }) };
};
