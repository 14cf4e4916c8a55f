// The client's session rules on a weak network: dropped requests never sign a worker out; only the
// server ending the session does, with 登录已过期,请重新登录.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, signInCookies } from '../test/render';
import { ApiError, callApi, setSessionOverHandler } from './api-client';
import { readRefreshToken, readToken } from './session';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn(async () => {}) }));

type Step = 'drop' | { status?: number; body: unknown };
/** A network that answers each request with the next step for its path ('drop' = the request fails). */
const network = (script: Record<string, Step[]>) => {
  const sent: { path: string; token?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '');
      sent.push({ path, token: (init?.headers as Record<string, string> | undefined)?.token });
      const step = script[path]?.shift();
      if (!step || step === 'drop') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(step.body), { status: step.status ?? 200 });
    }),
  );
  return sent;
};

const PROFILE = { userAccount: '100001' };
const sessionOver = vi.fn();
beforeEach(() => {
  setSessionOverHandler(sessionOver);
  signInCookies();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
  sessionOver.mockClear();
});

const toasts = () => vi.mocked(showToast).mock.calls.map(([options]) => options.content);
const profile = () => callApi('checkUserToken', {});

describe('api client on a weak network', () => {
  it('keeps the worker signed in through two dropped requests, and carries on when the network returns', async () => {
    const sent = network({
      'Account/CheckUserToken': ['drop', ok(PROFILE)],
      'Account/RefreshToken': ['drop', ok({ token: 'fresh-access', refreshToken: 'fresh-refresh' })],
    });
    await expect(profile()).rejects.toMatchObject({ kind: 'network' });
    // SPEC §8: the access cookie goes, the refresh token stays.
    expect(readToken()).toBeUndefined();
    expect(readRefreshToken()).toBe('test-refresh');
    // The second drop hits the token refresh: still no sign-out, and the call is not sent without a token.
    await expect(profile()).rejects.toMatchObject({ kind: 'network' });
    expect(sent.map((request) => request.path)).toEqual(['Account/CheckUserToken', 'Account/RefreshToken']);
    expect(sessionOver).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['请求服务器错误,请稍后重试', '请求服务器错误,请稍后重试']);

    await expect(profile()).resolves.toEqual(PROFILE);
    expect(sent.at(-1)).toEqual({ path: 'Account/CheckUserToken', token: 'fresh-access' });
    expect(sessionOver).not.toHaveBeenCalled();
  });

  it('answers a 401 with one fresh token pair and one more try', async () => {
    const sent = network({
      'Account/CheckUserToken': [{ status: 401, body: fail('登录已过期,请重新登录').body }, ok(PROFILE)],
      'Account/RefreshToken': [ok({ token: 'fresh-access', refreshToken: 'fresh-refresh' })],
    });
    await expect(profile()).resolves.toEqual(PROFILE);
    expect(sent.map((request) => `${request.path} ${request.token}`)).toEqual([
      'Account/CheckUserToken test-token',
      'Account/RefreshToken test-token',
      'Account/CheckUserToken fresh-access',
    ]);
    expect(sessionOver).not.toHaveBeenCalled();
  });

  it('signs out with 登录已过期,请重新登录 when the server refuses the session', async () => {
    network({
      'Account/CheckUserToken': [{ status: 401, body: fail('登录已过期,请重新登录').body }],
      'Account/RefreshToken': [fail('登录已过期,请重新登录')],
    });
    await expect(profile()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(sessionOver).toHaveBeenCalledOnce();
    expect(toasts()).toEqual(['登录已过期,请重新登录']);
    expect(readToken()).toBeUndefined();
    expect(readRefreshToken()).toBeUndefined();
  });

  it('does not sign out when the refresh after a 401 is dropped', async () => {
    network({
      'Account/CheckUserToken': [{ status: 401, body: fail('登录已过期,请重新登录').body }],
      'Account/RefreshToken': ['drop'],
    });
    await expect(profile()).rejects.toMatchObject({ kind: 'network' });
    expect(sessionOver).not.toHaveBeenCalled();
    expect(readRefreshToken()).toBe('test-refresh');
  });

  it('tells a refusal the server words itself (403 权限不足) as such, keeping the session', async () => {
    network({ 'Menu/GetMenuList': [{ status: 403, body: fail('权限不足').body }] });
    const refused = callApi('getMenuList', { terminalType: 'MOBILE' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ kind: 'business', message: '权限不足' });
    expect(readToken()).toBe('test-token');
    expect(toasts()).toEqual([]);
  });

  it('tells the 503 of an overloaded server in its own words (系统繁忙), keeping the session', async () => {
    network({ 'Menu/GetMenuList': [{ status: 503, body: fail('系统繁忙，请稍后再试').body }] });
    const refused = callApi('getMenuList', { terminalType: 'MOBILE' });
    await expect(refused).rejects.toMatchObject({ kind: 'business', message: '系统繁忙，请稍后再试' });
    expect(readToken()).toBe('test-token');
  });

  it('keeps the access cookie when the calls in flight are cut off by leaving the page (a reload)', async () => {
    network({ 'Account/CheckUserToken': ['drop'] });
    window.dispatchEvent(new Event('pagehide'));
    try {
      await expect(profile()).rejects.toBeInstanceOf(TypeError);
      expect(readToken()).toBe('test-token');
      expect(toasts()).toEqual([]);
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });
});
