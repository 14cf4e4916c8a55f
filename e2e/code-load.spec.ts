// The app never goes blank when a screen's code does not arrive: without the network (or with the server down) the
// frame stays, the toast and the place of the screen say 请求服务器错误 with 重试, and the screen comes back without a
// reload once the network does; after a redeploy (the old files gone) the page reloads once to the new version.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePhone } from './harness';
import { openSignedIn } from './screen-helpers';
import { makeEmployee, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

const SERVER_ERROR = '请求服务器错误,请稍后重试';

/** Every request from now on fails as it does without a network: code files, calls and pages alike. */
const cutNetwork = (page: Page) => page.route('**/*', (route) => route.abort('internetdisconnected'));

/** A mark on the running page that a reload would wipe out. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { essPageMark: 'kept' }));
const pageMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { essPageMark?: string }).essPageMark ?? 'reloaded');

const openAttendance = async () => {
  const worker = await makeEmployee(data.database, { name: '断网员工' });
  await openSignedIn(phone, worker, '/attendance/my-att');
  await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();
  await markPage(phone.page);
};

describe('a screen whose code does not arrive', () => {
  beforeEach(openAttendance);

  it('keeps the frame, says why, and loads again on 重试 once the network is back', async () => {
    const { page } = phone;
    await cutNetwork(page);

    // ⋯: its menu's code is not there; the top bar stays and the toast says why.
    await page.getByRole('button', { name: '更多操作' }).click();
    await page.getByText(SERVER_ERROR).first().waitFor();
    await page.getByRole('heading', { name: '我的考勤' }).waitFor();

    // A tab whose screen was never opened: inside the frame, the message and 重试.
    await page.getByRole('link', { name: '我的' }).click();
    const failure = page.getByRole('alert').filter({ hasText: SERVER_ERROR });
    await failure.waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/person-center');
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    await page.getByRole('button', { name: '更多操作' }).waitFor();

    // Still without a network, 重试 fails again and says so again.
    await page.getByRole('button', { name: '重试' }).click();
    await failure.waitFor();

    // The network is back: 重试 brings the screen, the page never reloaded.
    await page.unroute('**/*');
    await page.getByRole('button', { name: '重试' }).click();
    await page.getByText('退出登录', { exact: true }).waitFor();
    await expect(failure.count()).resolves.toBe(0);
    expect(await pageMark(page)).toBe('kept');

    // ⋯ loads its menu now.
    await page.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('button', { name: '刷新' }).waitFor();
    expect(await pageMark(page)).toBe('kept');
  });

  it('a home tile, and going elsewhere, load again once the network is back', async () => {
    const { page } = phone;
    await page.getByRole('link', { name: '首页' }).click();
    await page.getByRole('heading', { name: '查询服务' }).waitFor();
    await cutNetwork(page);
    await page.getByRole('link', { name: '餐费扣款' }).first().click();
    await page.getByRole('alert').filter({ hasText: SERVER_ERROR }).waitFor();
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();

    // Back, with the network back: the home screen is there, and the tile opens its screen.
    await page.unroute('**/*');
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByRole('heading', { name: '查询服务' }).waitFor();
    await page.getByRole('link', { name: '餐费扣款' }).first().click();
    await page.getByText('暂无餐费扣款记录').waitFor();
    expect(await pageMark(page)).toBe('kept');
  });

  it('reloads once to the new version when a redeploy removed the old files', async () => {
    const { page } = phone;
    // The redeploy: code files this page never loaded are gone, and the server's page names new ones.
    let isRedeployed = true;
    await page.route('**/assets/**', (route) =>
      isRedeployed ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue(),
    );
    await page.route(
      (url) => url.pathname === '/',
      (route) =>
        isRedeployed
          ? route.fulfill({
              contentType: 'text/html',
              body: '<!doctype html><script type="module" src="/assets/index-NEWVERSION.js"></script>',
            })
          : route.continue(),
    );
    // The reload itself (a navigation of the page) gets the files as they are now.
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) isRedeployed = false;
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: '我的' }).click();
    await reloaded;
    await page.getByText('退出登录', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/person-center');
    expect(await pageMark(page)).toBe('reloaded');
  });
});
