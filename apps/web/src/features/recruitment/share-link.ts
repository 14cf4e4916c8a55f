// Sharing the referral link where the worker is: inside WeChat or WeCom through their JS-SDK (signed by
// Wechat/GetShareData), else the Web Share API, else copying the link.
import type { ShareClient, ShareData } from '@ess/contract/wechat';
import { callApi } from '../../lib/api-client';
import { ENTRY_URL } from '../../lib/entry-url';

type WxShare = { title: string; desc: string; link: string; imgUrl: string; success?: () => void };
type Wx = {
  config: (options: Record<string, unknown>) => void;
  agentConfig?: (options: Record<string, unknown>) => void;
  ready: (callback: () => void) => void;
  error: (callback: (error: { errMsg?: string }) => void) => void;
  updateAppMessageShareData?: (share: WxShare) => void;
  updateTimelineShareData?: (share: WxShare) => void;
  onMenuShareAppMessage?: (share: WxShare) => void;
};

const WECHAT_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

export const shareClientOf = (userAgent = navigator.userAgent): ShareClient | undefined => {
  if (/wxwork/i.test(userAgent)) return 'WECOM';
  if (/MicroMessenger/i.test(userAgent)) return 'WECHAT';
  return undefined;
};

const isIos = (userAgent = navigator.userAgent) => /iPhone|iPad|iPod/i.test(userAgent);

/** WeChat on iOS checks the signature against the address the app was entered with; elsewhere the current one. */
export const urlToSign = (userAgent = navigator.userAgent) =>
  isIos(userAgent) ? ENTRY_URL : (window.location.href.split('#')[0] ?? window.location.href);

const loadScript = (src: string) =>
  new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('sdk'));
    document.head.appendChild(script);
  });

/** Configures the in-app browser's share menu with the referral link; rejects with the server's message. */
export const configureInAppShare = async ({
  client,
  share,
}: {
  client: ShareClient;
  share: Omit<WxShare, 'success'>;
}) => {
  const signed: ShareData = await callApi('getShareData', { url: urlToSign(), client });
  const globals = window as unknown as { wx?: Wx };
  if (!globals.wx) await loadScript(WECHAT_SDK);
  const { wx } = globals;
  if (!wx) throw new Error('sdk');
  const apis = ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage'];
  await new Promise<void>((resolve, reject) => {
    wx.config({
      beta: client === 'WECOM',
      appId: signed.appId,
      timestamp: signed.timestamp,
      nonceStr: signed.nonceStr,
      signature: signed.signature,
      jsApiList: apis,
    });
    wx.error((error) => reject(new Error(error.errMsg ?? 'config')));
    wx.ready(() => {
      if (client === 'WECOM' && wx.agentConfig && signed.agentId && signed.agentSignature) {
        wx.agentConfig({
          corpid: signed.appId,
          agentid: signed.agentId,
          timestamp: signed.timestamp,
          nonceStr: signed.nonceStr,
          signature: signed.agentSignature,
          jsApiList: apis,
        });
      }
      wx.updateAppMessageShareData?.(share);
      wx.updateTimelineShareData?.(share);
      wx.onMenuShareAppMessage?.(share);
      resolve();
    });
  });
};

/** Outside WeChat: the system share sheet, else the clipboard. Answers what happened. */
export const shareOutside = async ({ title, text, url }: { title: string; text: string; url: string }) => {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return 'shared' as const;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'cancelled' as const;
    }
  }
  return (await copyText(url)) ? ('copied' as const) : ('failed' as const);
};

export const copyText = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const isCopied = document.execCommand('copy');
    area.remove();
    return isCopied;
  }
};
