// Wechat/*: the share page's JS-SDK signature (config for WeChat; config and agentConfig for WeCom) from the
// shared tickets, and the messaging calls, which go through the messaging adapter.
import type { ShareClient, ShareData } from '@ess/contract/wechat';
import { BusinessError } from '../../core/errors';
import { jsSdkSignature, makeNonce } from './signature';
import type { PlatformSettings, TicketStore } from './tickets';

export { deleteOldOAuthStates } from './oauth';

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
