// The reviewers' console in a real browser on the real server: a reviewer (AppVerify) sees an employee's work edit
// with its differences, on a phone and in two panes on an office PC; a change another employee sends reaches the open
// console by the websocket (toast and badge, no reload); changes of this spec's own employees are approved and
// rejected through the screens.
import type { Page, WebSocket } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newDesk, signIn, usePhone } from './harness';
import { findChange, submitPersonChange, submitWorkChange } from './review-helpers';
import { openSignedIn, requestsSoFar, screenshot, tapWhenStill, waitForStillness } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, makeRecords, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let reviewer: MadeEmployee;
/** A work record on file and an edit of the work history (one employer added) waiting for review. */
let workEditor: MadeEmployee;
/** Each sends one change of its own here. */
let pushed: MadeEmployee;
let approved: MadeEmployee;
let rejected: MadeEmployee;
let wide: MadeEmployee;
let home: MadeEmployee;
/** No reviewer. */
let worker: MadeEmployee;

beforeAll(async () => {
  reviewer = await makeEmployee(data.database, { name: '审核员', roles: ['Employee', 'AppVerify'] });
  workEditor = await makeEmployee(data.database, { name: '工作经历员工' });
  const onFile = await makeRecords(data, workEditor, {
    base: null,
    educations: [],
    titles: [],
    skills: [],
    works: [{ schoolName: '南通华达机械有限公司', title: '装配工', quitReason: '个人发展' }],
    bank: null,
  });
  await submitWorkChange(workEditor, onFile, {
    schoolName: '如皋精工汽配厂',
    title: '质检员',
    cerStartDate: '2023-07-01',
    cerEndDate: '2024-02-29',
    quitReason: '工厂搬迁',
    personalSkill: '三坐标测量',
  });
  pushed = await makeEmployee(data.database);
  approved = await makeEmployee(data.database);
  rejected = await makeEmployee(data.database);
  wide = await makeEmployee(data.database);
  home = await makeEmployee(data.database);
  worker = await makeEmployee(data.database);
});

// ——— The console ———

const rowOf = (page: Page, empNo: string) => page.locator('.change-row').filter({ hasText: empNo });
const toast = (page: Page, text: string) => page.locator('.adm-toast-main').getByText(text, { exact: true });

/** The top bar's 资料审核 link: its name carries the number waiting. */
const reviewLink = (page: Page) => page.locator('header').getByRole('link', { name: /^资料审核/ });
const pendingOnBadge = async (page: Page) => {
  const name = (await reviewLink(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条待审核/.exec(name)?.[1] ?? 0);
};

describe('the reviewers’ console', () => {
  it('lists a work edit waiting for review and shows its differences on a phone', async () => {
    const login = await openSignedIn(phone, reviewer, '/review/change-list');
    const change = await findChange(login.token, workEditor.empNo, 'APP_EDIT_WORK');
    expect(change.status).toBe('pending');
    expect(await phone.page.getByRole('button', { name: '待审核' }).getAttribute('aria-pressed')).toBe('true');
    const row = rowOf(phone.page, workEditor.empNo).filter({ hasText: '修改工作信息' });
    await row.waitFor();
    await screenshot(phone.page, 'review-list');

    await row.getByRole('link').click();
    await phone.page.waitForURL(new RegExp(`/review/change-detail\\?id=${change.id}$`));
    await phone.page.getByRole('heading', { name: `员工[${workEditor.empNo}]修改了工作信息` }).waitFor();
    const added = phone.page.locator('.review-group').filter({ hasText: '新增工作经历' });
    const employer = added.locator('tr').filter({ hasText: '工作单位' });
    await employer.getByText('如皋精工汽配厂').waitFor();
    await employer.getByText('已修改').waitFor();
    expect(await employer.locator('.review-before').textContent()).toBe('（空）');
    // A request still waiting can be decided.
    expect(await phone.page.getByRole('button', { name: '通过' }).count()).toBe(1);
    await screenshot(phone.page, 'review-detail');

    await phone.page.getByRole('button', { name: '返回' }).click();
    await phone.page.waitForURL(/\/review\/change-list(\?status=\w+)?$/);
    await rowOf(phone.page, workEditor.empNo).first().waitFor();
  });

  it('lays the list and the request side by side on an office PC (1366×768)', async () => {
    await submitPersonChange(wide);
    const { context, page } = await newDesk(phone.browser);
    try {
      const login = await openSignedIn({ context, page }, reviewer, '/review/change-list');
      await page.getByText('请从左侧列表选择一条申请').waitFor();
      await rowOf(page, wide.empNo).getByRole('link').click();
      const pane = page.getByRole('region', { name: '申请详情' });
      await pane.getByRole('heading', { name: `员工[${wide.empNo}]修改了个人信息` }).waitFor();
      await pane.getByRole('img', { name: '身份证正面（修改后）' }).waitFor();
      const listBox = await page.getByRole('region', { name: '审核申请列表' }).boundingBox();
      const paneBox = await pane.boundingBox();
      expect(listBox && paneBox && paneBox.x >= listBox.x + listBox.width).toBe(true);
      expect(paneBox && paneBox.width > 600).toBe(true);
      expect(await rowOf(page, wide.empNo).getByRole('link').getAttribute('aria-current')).toBe('true');
      await page.screenshot({ path: 'e2e/screenshots/review-wide.png' });

      // The decision sheets are as wide as the phone frame, in the middle of the window.
      await pane.getByRole('button', { name: '驳回' }).click();
      const sheet = page.getByRole('dialog', { name: '驳回申请' });
      await sheet.getByRole('textbox', { name: '驳回原因' }).waitFor();
      await waitForStillness(page);
      const sheetBox = await sheet.boundingBox();
      expect(sheetBox && Math.round(sheetBox.width)).toBe(640);
      expect(sheetBox && Math.round(sheetBox.x)).toBe(363);
      await page.screenshot({ path: 'e2e/screenshots/review-wide-reject.png' });
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });

      // A scan opens large, and Esc closes it.
      await pane.getByRole('button', { name: '放大查看：身份证正面（修改后）' }).click();
      await page.locator('.adm-image-viewer-content img').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.adm-image-viewer-content img').waitFor({ state: 'detached' });

      // A phone-sized link to a request opens beside the list here.
      const { id } = await findChange(login.token, wide.empNo, 'APP_EDIT_PERSON');
      await page.goto(`/review/change-detail?id=${id}`);
      await page.waitForURL(new RegExp(`/review/change-list\\?id=${id}$`));
    } finally {
      await context.close();
    }
  });

  it('hears of a change another employee sends: the toast and the badge come without a reload', async () => {
    const frames: string[] = [];
    phone.page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
    const login = await openSignedIn(phone, reviewer, '/review/change-list');
    await phone.page.getByRole('button', { name: '待审核', pressed: true }).waitFor();
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
    await rowOf(phone.page, pushed.empNo).getByText('修改个人信息').waitFor();
    expect(reloads).toBe(0);
    await screenshot(phone.page, 'review-pushed');
  });

  it('approves with an opinion and rejects with a reason, and the employees are told', async () => {
    const approvedSender = await submitPersonChange(approved);
    const rejectedSender = await submitPersonChange(rejected);
    await openSignedIn(phone, reviewer, '/review/change-list');

    await rowOf(phone.page, approved.empNo).getByRole('link').click();
    await phone.page.getByRole('heading', { name: `员工[${approved.empNo}]修改了个人信息` }).waitFor();
    const scan = phone.page.getByRole('img', { name: '身份证正面（修改后）' });
    await scan.scrollIntoViewIfNeeded();
    await expect.poll(() => scan.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(120);
    await screenshot(phone.page, 'review-detail-scans');
    await phone.page.getByRole('button', { name: '通过' }).click();
    const approveSheet = phone.page.getByRole('dialog', { name: '审核通过' });
    await approveSheet.getByLabel('审核意见').fill('资料齐全');
    await approveSheet.getByRole('button', { name: '确认通过' }).click();
    await toast(phone.page, '审核通过').waitFor();
    await phone.page.waitForURL(/\/review\/change-list$/);
    await rowOf(phone.page, approved.empNo).waitFor({ state: 'detached' });

    await rowOf(phone.page, rejected.empNo).getByRole('link').click();
    await phone.page.getByRole('button', { name: '驳回' }).click();
    const rejectSheet = phone.page.getByRole('dialog', { name: '驳回申请' });
    await rejectSheet.getByRole('button', { name: '确认驳回' }).click();
    await rejectSheet.getByText('请填写驳回原因').waitFor();
    await screenshot(phone.page, 'review-reject-sheet');
    await rejectSheet.getByRole('textbox', { name: '驳回原因' }).fill('身份证照片不清晰');
    await rejectSheet.getByRole('button', { name: '确认驳回' }).click();
    await toast(phone.page, '已驳回').waitFor();
    await phone.page.waitForURL(/\/review\/change-list$/);
    await rowOf(phone.page, rejected.empNo).waitFor({ state: 'detached' });

    // The decided requests under their tabs.
    await phone.page.getByRole('button', { name: '已通过' }).click();
    await rowOf(phone.page, approved.empNo).waitFor();
    await phone.page.getByRole('button', { name: '已驳回' }).click();
    await rowOf(phone.page, rejected.empNo).waitFor();

    const noticeOf = async (token: string) =>
      (
        await api<{ isVerify: string; messageContent: string }[]>(
          'SystemNotice/GetPersonNotice',
          { currentPage: 1 },
          token,
        )
      ).data[0];
    expect(await noticeOf(approvedSender.token)).toMatchObject({
      isVerify: 'Y',
      messageContent: '您提交的个人信息修改已审核通过：资料齐全',
    });
    expect(await noticeOf(rejectedSender.token)).toMatchObject({
      isVerify: 'Y',
      messageContent: '您提交的个人信息修改未通过审核：身份证照片不清晰',
    });
  });

  it('puts the number waiting on the 资料审核 tile of the reviewer’s home', async () => {
    await submitPersonChange(home);
    const login = await openSignedIn(phone, reviewer, '/home');
    // The messages each request wrote to the reviewers would pop up over home.
    await api('SystemNotice/ModifyReadMsg', {}, login.token);
    await phone.page.reload();
    const count = (await api<{ count: number }>('Review/GetPendingCount', {}, login.token)).data.count;
    expect(count).toBeGreaterThan(0);
    await phone.page
      .getByRole('link', { name: `资料审核，${count} 条待审核` })
      .first()
      .waitFor();
    await phone.page.locator('.menu-tile').filter({ hasText: '资料审核' }).getByText(String(count)).waitFor();
    await screenshot(phone.page, 'review-home');
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
    await phone.page.goto('/home');
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    expect(await phone.page.getByRole('link', { name: /资料审核/ }).count()).toBe(0);
    expect(requests).not.toContain('/api/Review/GetPendingCount');
  });
});
