// The reviewers in the employee app, whose review is the HR console's page: the app's old addresses (/review/*,
// /hr/submissions) lead there, Back not coming round to them; a change another employee sends reaches the open app by
// the websocket (toast and badge, no reload); the badge and the home tile show the number waiting and open the
// console; the socket closes at sign-out; an employee who is no reviewer has none of it. The employees are this
// spec's own.
import type { Page, WebSocket } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newDesk, signIn, usePhone } from './harness';
import { findChange, submitPersonChange } from './review-helpers';
import { openSignedIn, requestsSoFar, screenshot, tapWhenStill } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let reviewer: MadeEmployee;
/** HR of NT, whose 提案与推荐 is the console's too. */
let hr: MadeEmployee;
/** Each sends one change of their own here. */
let linked: MadeEmployee;
let pushed: MadeEmployee;
let home: MadeEmployee;
/** No reviewer. */
let worker: MadeEmployee;

beforeAll(async () => {
  reviewer = await makeEmployee(data.database, { name: '审核员', roles: ['Employee', 'AppVerify'] });
  hr = await makeHrClerk(data.database, { plants: ['NT'] });
  linked = await makeEmployee(data.database);
  pushed = await makeEmployee(data.database);
  home = await makeEmployee(data.database);
  worker = await makeEmployee(data.database);
});

/** The top bar's 资料审核 link: its name carries the number waiting. */
const reviewLink = (page: Page) => page.locator('header').getByRole('link', { name: /^资料审核/ });
const pendingOnBadge = async (page: Page) => {
  const name = (await reviewLink(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条待审核/.exec(name)?.[1] ?? 0);
};

describe('the reviewers in the employee app', () => {
  it('leads the old addresses to the console’s pages, and Back does not come round to them', async () => {
    await submitPersonChange(linked);
    const { context, page } = await newDesk(phone.browser);
    try {
      const login = await openSignedIn({ context, page }, reviewer, '/user/person-center');
      await reviewLink(page).waitFor();
      await page.goto('/review/change-list?status=approved');
      await page.waitForURL(/\/admin\/review\?status=approved$/);
      await expect.poll(() => page.getByRole('radio', { name: '已通过' }).isChecked()).toBe(true);
      // The old address's entry was replaced: Back goes to where the reviewer was before it.
      await page.goBack();
      await page.waitForURL(/\/user\/person-center$/);

      const { id } = await findChange(login.token, linked.empNo, 'APP_EDIT_PERSON');
      await page.goto(`/review/change-detail?id=${id}`);
      await page.waitForURL(new RegExp(`/admin/review\\?id=${id}$`));
      await page
        .getByRole('dialog')
        .getByRole('article', { name: `员工[${linked.empNo}]修改了个人信息` })
        .waitFor();

      await context.clearCookies();
      await openSignedIn({ context, page }, hr, '/hr/submissions');
      await page.waitForURL(/\/admin\/submissions$/);
      await page.getByRole('tab', { name: '推荐候选人' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('says where the page went while it leaves, with a link', async () => {
    // A browser that does not leave (here the console answers 204, which keeps the page) still shows the words and
    // the link.
    await signIn(phone.context, reviewer.empNo, FACTORY_PASSWORD);
    await phone.page.route('**/admin/review**', (route) => route.fulfill({ status: 204 }));
    try {
      await phone.page.goto('/review/change-list');
      await phone.page.getByRole('heading', { name: '此功能已移至人事管理后台' }).waitFor();
      expect(await phone.page.getByRole('link', { name: '打开人事管理后台' }).getAttribute('href')).toBe(
        '/admin/review',
      );
    } finally {
      await phone.page.unroute('**/admin/review**');
    }
  });

  it('hears of a change another employee sends: the toast and the badge come without a reload', async () => {
    const frames: string[] = [];
    phone.page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
    const login = await openSignedIn(phone, reviewer, '/user/person-center');
    const before = (await api<{ count: number }>('Review/GetPendingCount', {}, login.token)).data.count;
    await expect.poll(() => pendingOnBadge(phone.page)).toBe(before);
    // The socket has signed in: what is sent from now on is pushed to it.
    await expect.poll(() => frames.some((frame) => frame.includes('AUTH_OK'))).toBe(true);
    let reloads = 0;
    phone.page.on('framenavigated', () => {
      reloads += 1;
    });

    await submitPersonChange(pushed);
    await phone.page.getByText(`员工[${pushed.empNo}]修改了个人信息,待审核`).waitFor();
    await expect.poll(() => pendingOnBadge(phone.page)).toBe(before + 1);
    expect(reloads).toBe(0);
    await screenshot(phone.page, 'review-pushed');
    // The badge opens the console's 资料审核.
    expect(await reviewLink(phone.page).getAttribute('href')).toBe('/admin/review');
  });

  it('puts the number waiting on the 资料审核 tile of the reviewer’s home, which opens the console', async () => {
    await submitPersonChange(home);
    const login = await openSignedIn(phone, reviewer, '/home');
    // The messages each request wrote to the reviewers would pop up over home.
    await api('SystemNotice/ModifyReadMsg', {}, login.token);
    await phone.page.reload();
    const count = (await api<{ count: number }>('Review/GetPendingCount', {}, login.token)).data.count;
    expect(count).toBeGreaterThan(0);
    const tile = phone.page.locator('.menu-tile').filter({ hasText: '资料审核' });
    await tile.getByText(String(count)).waitFor();
    expect(await tile.getAttribute('aria-label')).toBe(`资料审核，${count} 条待审核`);
    await screenshot(phone.page, 'review-home');
    await tile.click();
    await phone.page.waitForURL(/\/admin\/review$/);
  });

  it('closes the socket when the reviewer signs out', async () => {
    const sockets: WebSocket[] = [];
    const frames: string[] = [];
    phone.page.on('websocket', (socket) => {
      sockets.push(socket);
      socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
    });
    // The page's clock is the test's: after the sign-out it is moved a minute on, past every reconnect delay.
    await phone.page.clock.install();
    await openSignedIn(phone, reviewer, '/user/person-center');
    await expect.poll(() => frames.some((frame) => frame.includes('AUTH_OK'))).toBe(true);
    expect(sockets).toHaveLength(1);
    await phone.page.getByRole('button', { name: '退出登录' }).click();
    await tapWhenStill(phone.page.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '确定' }));
    await phone.page.waitForURL(/\/login/);
    await expect.poll(() => sockets[0]?.isClosed()).toBe(true);
    await phone.page.clock.runFor(60_000);
    await requestsSoFar(phone.page);
    expect(sockets).toHaveLength(1);
  });

  it('is not there for an employee who is no reviewer', async () => {
    const requests: string[] = [];
    phone.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await signIn(phone.context, worker.empNo, FACTORY_PASSWORD);
    await phone.page.goto('/review/change-list');
    await phone.page.getByText('抱歉，系统未找到该页面').waitFor();
    await phone.page.goto('/hr/submissions');
    await phone.page.getByText('抱歉，系统未找到该页面').waitFor();
    await phone.page.goto('/home');
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    expect(await phone.page.getByRole('link', { name: /资料审核/ }).count()).toBe(0);
    expect(requests).not.toContain('/api/Review/GetPendingCount');
  });
});
