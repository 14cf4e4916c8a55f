// Account calls: sign-in, refresh, profile, password change, reset, logout.
import { accountRoutes } from '@ess/contract/account';
import type { FastifyInstance } from 'fastify';
import { registerCall, registerPublicCall } from '../../http/contract-routes';
import { BIND_COOKIE, bindCookie, cookieValue } from '../../http/cookies';
import { bindPendingAccount } from '../wechat/service';
import type { AccountDeps } from './service';
import {
  changePassword,
  checkLogin,
  getProfile,
  refreshSession,
  resetPassword,
  setLargeText,
  signOut,
} from './service';

/** Sign-in attempts per IP and minute, counted by @fastify/rate-limit (in Redis when several instances run). */
export type SignInRateLimit = { max: number; timeWindow: number };

export const registerAccountRoutes = (
  app: FastifyInstance,
  deps: AccountDeps & { signInRateLimit: SignInRateLimit },
) => {
  registerPublicCall(
    app,
    accountRoutes.checkLogin,
    async ({ body, request, reply }) => {
      const session = await checkLogin(deps, body);
      // Inside WeCom or WeChat, right after a silent sign-in could not place the account: it is bound now.
      const bindNonce = cookieValue(request.headers.cookie, BIND_COOKIE);
      if (bindNonce) {
        const employee = { id: session.id, empNo: session.userAccount };
        await bindPendingAccount(deps.db, { nonce: bindNonce, employee, requestId: request.id });
        reply.header('set-cookie', bindCookie(request));
      }
      return { data: session, msg: '登录成功' };
    },
    { rateLimit: deps.signInRateLimit },
  );
  registerPublicCall(app, accountRoutes.refreshToken, async ({ body }) => ({
    data: await refreshSession(deps, body.refreshToken),
  }));
  registerCall(app, accountRoutes.checkUserToken, async ({ caller }) => ({ data: await getProfile(deps.db, caller) }));
  registerCall(app, accountRoutes.setLargeText, async ({ body, caller }) => {
    await setLargeText(deps.db, caller, body.largeText);
    return { data: null, msg: body.largeText ? '已开启长辈版' : '已切换为标准版' };
  });
  registerCall(app, accountRoutes.changePwd, async ({ body, caller }) => {
    await changePassword(deps, caller, body);
    return { data: null, msg: '修改成功' };
  });
  registerPublicCall(app, accountRoutes.resetPassword, async ({ body }) => ({
    data: await resetPassword(deps, body.code),
    msg: '密码已重置，请关闭本页面',
  }));
  registerPublicCall(app, accountRoutes.logout, async ({ body }) => {
    if (body.refreshToken) await signOut(deps, body.refreshToken);
    return { data: null, msg: '已退出' };
  });
};
