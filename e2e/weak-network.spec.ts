// A worker on a weak network: dropped requests never sign them out; only the server ending the session
// does, and then they are told 登录已过期,请重新登录 before the sign-in screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, DEMO_PASSWORD, markHandbookRead, sha256, signIn, usePhone } from './harness';

const phone = usePhone();

/** Drops the next `times` requests to the API path, as a network that lost them would. */
const dropNext = async (page: Page, apiPath: string, times = 1) => {
  let left = times;
  await page.route(`**/api/${apiPath}`, async (route) => {
    if (left > 0) {
      left -= 1;
      await route.abort('connectionreset');
    } else await route.continue();
  });
};

const cookieNames = async () => (await phone.context.cookies()).map((cookie) => cookie.name);
const refresh = async () => {
  await phone.page.getByRole('button', { name: '更多操作' }).click();
  await phone.page.getByRole('button', { name: '刷新' }).click();
};

describe('weak network', () => {
  it('keeps the worker signed in through a dropped call and dropped token refreshes', async () => {
    const login = await signIn(phone.context, '100003');
    await markHandbookRead(login.token);
    await phone.page.goto('/attendance/my-att');
    await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();

    // The next attendance call is lost, and so is every token refresh until the network comes back.
    let isRefreshLost = true;
    await dropNext(phone.page, 'AttDay/GetAttRecordByEmpNo');
    await phone.page.route('**/api/Account/RefreshToken', (route) =>
      isRefreshLost ? route.abort('connectionreset') : route.continue(),
    );
    await refresh();
    await phone.page.getByText('请求服务器错误,请稍后重试').first().waitFor();
    await expect.poll(() => phone.page.locator('.icon-button[aria-busy="true"]').count()).toBe(0);
    expect(new URL(phone.page.url()).pathname).toBe('/attendance/my-att');
    // SPEC §8 dropped the access cookie and the refresh that would replace it was lost too.
    expect(await cookieNames()).not.toContain('ess_token');
    expect(await cookieNames()).toContain('ess_refresh');

    // Calls now need a fresh token first, which is lost again: still no sign-out, nothing sent tokenless.
    const tokenless: string[] = [];
    phone.page.on('request', (request) => {
      if (request.url().includes('/api/') && !request.headers().token) tokenless.push(request.url());
    });
    await refresh();
    await expect.poll(() => phone.page.locator('.icon-button[aria-busy="true"]').count()).toBe(0);
    expect(new URL(phone.page.url()).pathname).toBe('/attendance/my-att');
    expect(await cookieNames()).toContain('ess_refresh');
    expect(tokenless.filter((url) => !url.endsWith('/Account/RefreshToken'))).toEqual([]);

    // The network is back: the next refresh gets a fresh pair and the screen its data.
    isRefreshLost = false;
    // The failure's toast is gone first, so that the one of this refresh is the one read.
    await phone.page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 10_000 });
    await refresh();
    await phone.page.getByText('已刷新').waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/attendance/my-att');
    expect(await cookieNames()).toEqual(expect.arrayContaining(['ess_token', 'ess_refresh']));
    await phone.page.getByText('已打卡').first().waitFor();
  });

  it('lets the worker try again when the first load of the app is dropped', async () => {
    const login = await signIn(phone.context, '100008');
    await markHandbookRead(login.token);
    await dropNext(phone.page, 'Account/RefreshToken');
    await dropNext(phone.page, 'Account/CheckUserToken');
    await phone.page.goto('/home');
    await phone.page.getByRole('alert').filter({ hasText: '请求服务器错误,请稍后重试' }).waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/home');
    await phone.page.getByRole('button', { name: '重试' }).click();
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/home');
  });

  it('says 登录已过期,请重新登录 and goes to sign-in when the server ended the session', async () => {
    const login = await signIn(phone.context, '100009');
    await markHandbookRead(login.token);
    await phone.page.goto('/attendance/my-att');
    await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();
    // The password is changed on another phone: the server ends every other session.
    const changed = await api(
      'Account/ChangePwd',
      { oldPwd: sha256(DEMO_PASSWORD), newPwd: sha256('another-pass-1') },
      login.token,
    );
    expect(changed.result).toBe(true);
    await refresh();
    await phone.page.getByText('登录已过期,请重新登录').waitFor();
    await phone.page.waitForURL('**/login?redirect=%2Fattendance%2Fmy-att');
    expect(await cookieNames()).not.toContain('ess_refresh');
  });
});
