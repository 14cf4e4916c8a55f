// Wechat/GetShareData, CheckWxData, CheckWorkWxData, SendWxMsg; and the silent sign-in inside WeCom and WeChat: GET
// Wechat/OAuth (to the platform's page) and Wechat/OAuthCallback (back signed in, a 302 to the page).
import { wechatRoutes } from '@ess/contract/wechat';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import {
  bindCookie,
  cookieValue,
  hasSessionCookie,
  SESSION_COOKIE_SECONDS,
  SESSION_COOKIES,
  secureAttributeOf,
} from '../../http/cookies';
import { publicRateLimit } from '../../http/public-rate-limit';
import { createOutboxMessaging, type Messaging } from '../../integrations/messaging';
import { type AccountDeps, signInByPlatform } from '../account/service';
import { listDeliveryEvents, listUndelivered } from './deliveries';
import {
  BIND_SECONDS,
  beginSilentSignIn,
  DEFAULT_NEXT,
  finishSilentSignIn,
  OAUTH_CALLBACK_PATH,
  OAUTH_COOKIE,
  OAUTH_STATE_SECONDS,
  OAUTH_TRIED_COOKIE,
  platformOfBrowser,
  type SignInPlatform,
  safeNext,
} from './oauth';
import { getShareData, isWeChatMessagingOn, platformSettingsOf } from './service';
import { getMessageSettings, saveMessageSettings } from './settings';
import { createTicketStore } from './tickets';

const cookieOf = (request: FastifyRequest, name: string) => cookieValue(request.headers.cookie, name);

const secureOf = secureAttributeOf;
/** A cookie the web app reads (not HttpOnly), as its own code writes them. */
const appCookie = (request: FastifyRequest, name: string, value: string, maxAgeSeconds: number) =>
  `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secureOf(request)}`;
/** The browser's half of a sign-in state, seen only by the OAuth routes; an empty value with no age removes it. */
const stateCookie = (request: FastifyRequest, nonce = '', maxAgeSeconds = 0) =>
  `${OAUTH_COOKIE}=${nonce}; Path=/api/Wechat; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secureOf(request)}`;

/** Why the sign-in page is shown after a silent sign-in did not work (its words are the page's). */
const noticeOf = (code: string | undefined, platform: SignInPlatform = 'wecom') => {
  if (code === 'ACCOUNT_LEFT') return 'account-left';
  if (code === 'PLATFORM_ACCOUNT_UNBOUND') return `${platform}-bind`;
  if (code === 'PLATFORM_ACCOUNT_UNKNOWN') return 'wecom-unknown';
  return `${platform}-failed`;
};

/**
 * Where a page request inside WeCom or WeChat without a session goes first: the platform's silent sign-in, when that
 * platform is configured and it was not tried just now; undefined: the page is served as usual
 * (apps/server/src/http/web-app.ts).
 */
export const silentSignInRedirect = (config: Config) => {
  const settings = platformSettingsOf(config);
  return (request: FastifyRequest): string | undefined => {
    const platform = platformOfBrowser(request.headers['user-agent']);
    if (!platform || !settings[platform]) return undefined;
    if (hasSessionCookie(request.headers.cookie) || cookieOf(request, OAUTH_TRIED_COOKIE)) return undefined;
    const next = safeNext(request.url);
    // The sign-in page and the console are shown as they are (the console signs in with a password on a PC).
    if (next !== request.url || /^\/admin(?:\/|$|\?)/.test(request.url)) return undefined;
    return `/api/Wechat/OAuth?${new URLSearchParams({ next })}`;
  };
};

export const registerWechatRoutes = (
  app: FastifyInstance,
  { db, config, messaging, account }: { db: Db; config: Config; messaging?: Messaging; account: AccountDeps },
) => {
  const settings = platformSettingsOf(config);
  const tickets = createTicketStore(db, settings);
  const oauth = { db, tickets, settings, oauthBase: config.WECOM_OAUTH_BASE };
  const callbackUrlOf = (request: FastifyRequest) =>
    `${config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`}${OAUTH_CALLBACK_PATH}`;
  const toSignInPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    next: string,
    notice: string,
    bindNonce?: string,
  ) => {
    reply.header('set-cookie', [
      appCookie(request, OAUTH_TRIED_COOKIE, '1', OAUTH_STATE_SECONDS),
      stateCookie(request),
      ...(bindNonce ? [bindCookie(request, bindNonce, BIND_SECONDS)] : []),
    ]);
    const query = new URLSearchParams({ notice, ...(next === DEFAULT_NEXT ? {} : { redirect: next }) });
    return reply.redirect(`/login?${query}`);
  };
  const isPublicPage = { config: { access: 'public' as const } };

  app.get('/api/Wechat/OAuth', isPublicPage, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const next = safeNext((request.query as { next?: unknown }).next);
    // WeChat's browser goes to the official account's page; any other (WeCom's, a link opened elsewhere) to WeCom's.
    const platform = platformOfBrowser(request.headers['user-agent']) ?? 'wecom';
    if (!settings[platform]) return reply.redirect(`/login?${new URLSearchParams({ redirect: next })}`);
    const { nonce, location } = await beginSilentSignIn(oauth, {
      platform,
      next,
      callbackUrl: callbackUrlOf(request),
    });
    reply.header('set-cookie', stateCookie(request, nonce, OAUTH_STATE_SECONDS));
    return reply.redirect(location);
  });

  // Answers a 302 whatever happens: to the page signed in, or to the sign-in page saying why. A refresh or Back never
  // shows the used code, since the page's address has none.
  app.get(OAUTH_CALLBACK_PATH, isPublicPage, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = request.query as { code?: unknown; state?: unknown };
    const outcome = await finishSilentSignIn(oauth, {
      code: query.code,
      state: query.state,
      cookieNonce: cookieOf(request, OAUTH_COOKIE),
    });
    if ('failure' in outcome) {
      const notice = noticeOf(outcome.failure.code, outcome.platform);
      return toSignInPage(request, reply, outcome.next, notice, outcome.bindNonce);
    }
    let session: Awaited<ReturnType<typeof signInByPlatform>>;
    try {
      session = await signInByPlatform(account, outcome.employeeId);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      return toSignInPage(request, reply, outcome.next, noticeOf(error.code));
    }
    const { userAccount, userName, id, baseBu, deptName, titleName } = session.user;
    reply.header('set-cookie', [
      appCookie(request, SESSION_COOKIES.token, session.token, SESSION_COOKIE_SECONDS.token),
      appCookie(request, SESSION_COOKIES.refresh, session.refreshToken, SESSION_COOKIE_SECONDS.refresh),
      appCookie(
        request,
        SESSION_COOKIES.user,
        encodeURIComponent(JSON.stringify({ userAccount, userName, id, baseBu, deptName, titleName })),
        SESSION_COOKIE_SECONDS.user,
      ),
      stateCookie(request),
    ]);
    // The handbook version current for the plant not accepted yet: home's dialog asks for it first, as after a
    // password sign-in.
    return reply.redirect(session.appReadStatus === 'N' ? DEFAULT_NEXT : outcome.next);
  });

  const channels = messaging ?? createOutboxMessaging(db, { wechat: !!settings.wechat, wecom: !!settings.wecom });

  registerCall(app, wechatRoutes.getShareData, async ({ body }) => ({
    data: await getShareData({ tickets, settings }, { url: body.url, client: body.client }),
  }));
  registerCall(app, wechatRoutes.getMessageSettings, async ({ caller }) => ({
    // A choice wherever messages leave the app: WeCom's cards or WeChat's template messages.
    data: await getMessageSettings(db, caller, Boolean(settings.wecom) || isWeChatMessagingOn(config)),
  }));
  registerCall(app, wechatRoutes.saveMessageSettings, async ({ body, caller }) => {
    await saveMessageSettings(db, caller, body.muted);
    return { data: null, msg: '已保存' };
  });
  registerCall(app, wechatRoutes.getWecomDeliveries, async ({ body, caller }) => {
    const { rows, totalCount } = await listDeliveryEvents(db, caller, {
      bu: body.bu,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, wechatRoutes.getWecomUndelivered, async ({ body, caller }) => {
    const { rows, totalCount } = await listUndelivered(db, caller, {
      key: body.key,
      bu: body.bu,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
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
