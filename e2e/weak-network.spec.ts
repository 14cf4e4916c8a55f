// A worker on a weak network: dropped requests never sign them out; only the server ending the session
// does, and then they are told 登录已过期,请重新登录 before the sign-in screen.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, markHandbookRead, sha256, usePhone } from './harness';
import { signInAs } from './screen-helpers';
import {
  FACTORY_PASSWORD,
  type MadeEmployee,
  makeAttendanceDays,
  makeEmployee,
  shanghaiDay,
  useTestData,
} from './test-data';

const phone = usePhone();
const data = useTestData();

/** Punched in and out today, what the attendance screen shows once its data arrives. */
let punched: MadeEmployee;
let coldStart: MadeEmployee;
let changingPassword: MadeEmployee;

beforeAll(async () => {
  punched = await makeEmployee(data.database, { name: '弱网员工' });
  await makeAttendanceDays(data.database, punched, [{ date: shanghaiDay(0), start: '07:46', end: '17:38' }]);
  coldStart = await makeEmployee(data.database, { name: '首开员工' });
  changingPassword = await makeEmployee(data.database, { name: '换密员工' });
});

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
    const login = await signInAs(phone.context, punched);
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
    const today = phone.page.getByRole('region', { name: new RegExp(`^${shanghaiDay(0)} `) });
    await today.getByText('07:46').waitFor();
    await today.getByText('17:38').waitFor();
    expect(await today.getByText('已打卡').count()).toBe(2);
  });

  it('lets the worker try again when the first load of the app is dropped', async () => {
    const login = await signInAs(phone.context, coldStart);
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
    const login = await signInAs(phone.context, changingPassword);
    await markHandbookRead(login.token);
    await phone.page.goto('/attendance/my-att');
    await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();
    // The password is changed on another phone: the server ends every other session.
    const changed = await api(
      'Account/ChangePwd',
      { oldPwd: sha256(FACTORY_PASSWORD), newPwd: sha256('another-pass-1') },
      login.token,
    );
    expect(changed.result).toBe(true);
    // The socket closes and its renewal is refused: the phone goes to sign-in by itself, nothing tapped.
    await phone.page.getByText('登录已过期,请重新登录').waitFor();
    await phone.page.waitForURL('**/login?redirect=%2Fattendance%2Fmy-att');
    expect(await cookieNames()).not.toContain('ess_refresh');
  });
});
