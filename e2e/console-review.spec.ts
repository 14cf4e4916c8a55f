// 资料审核 in the HR console, the one review there is: a reviewer (AppVerify) at 1366×768 opens /admin, picks 资料审核,
// sees the changes employees sent, the number waiting growing when one more is sent (pushed, no reload), each change's
// differences field by field with the ID card scans, approves one with an opinion (the next request opens) and rejects
// one with a reason, and the employees are told; filters by plant, kind and status kept in the address, a request
// opened from a link; and the page on a tablet. The employees sending the changes are this spec's own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchBrowser, newDesk, signIn } from './harness';
import { findChange, submitPersonChange, submitWorkChange, tokenOf } from './review-helpers';
import { screenshot, tapWhenStill } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, makeRecords, useTestData } from './test-data';

const data = useTestData();

let reviewer: MadeEmployee;
let approved: MadeEmployee;
let rejected: MadeEmployee;
/** Of plant JY, with a work record on file and an edit of the work history (one employer added) waiting. */
let workEditor: MadeEmployee;
let onTablet: MadeEmployee;
let browser: Browser;
let desk: { context: BrowserContext; page: Page };
let reviewerToken: string;
beforeAll(async () => {
  reviewer = await makeEmployee(data.database, { name: '审核员', roles: ['Employee', 'AppVerify'] });
  approved = await makeEmployee(data.database);
  rejected = await makeEmployee(data.database);
  onTablet = await makeEmployee(data.database);
  workEditor = await makeEmployee(data.database, { name: '工作经历员工', plant: 'JY' });
  const onFile = await makeRecords(data, workEditor, {
    base: null,
    educations: [],
    titles: [],
    skills: [],
    works: [{ schoolName: '南通华达机械有限公司', title: '装配工', quitReason: '个人发展' }],
    bank: null,
  });
  await submitWorkChange(workEditor, onFile);
  browser = await launchBrowser();
  desk = await newDesk(browser);
  reviewerToken = (await signIn(desk.context, reviewer.empNo, FACTORY_PASSWORD)).token;
});
afterAll(() => browser?.close());

const pendingShown = async (page: Page) =>
  Number(/待审核 (\d+) 条/.exec((await page.getByText(/^待审核 \d+ 条$/).textContent()) ?? '')?.[1] ?? -1);

/** The table's row of `empNo`, paging on until it shows (the waiting changes come oldest first). */
const rowOf = async (page: Page, empNo: string) => {
  const row = page.locator('.ant-table-row').filter({ hasText: empNo });
  await page.locator('.ant-table-row').first().waitFor();
  for (let pageNumber = 1; pageNumber < 50; pageNumber += 1) {
    if ((await row.count()) > 0) return row;
    const next = page.getByRole('listitem', { name: '下一页' });
    if ((await next.getAttribute('aria-disabled')) === 'true') break;
    const firstRow = await page.locator('.ant-table-row').first().textContent();
    await next.click();
    await expect.poll(() => page.locator('.ant-table-row').first().textContent()).not.toBe(firstRow);
  }
  await row.waitFor({ timeout: 2000 });
  return row;
};

const drawerOf = (page: Page) => page.getByRole('dialog').filter({ hasText: '申请详情' });

/** Picks `option` in the antd select named `label`. */
/**
 * Picks an option of a filter until the address says so: an option of the open dropdown only, and a pick lost on a
 * loaded machine (the dropdown closed while it was still sliding in) is made again.
 */
const pick = async (page: Page, label: string, option: string, address: RegExp) => {
  await expect
    .poll(
      async () => {
        if (address.test(page.url())) return page.url();
        const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
        if ((await open.count()) === 0) await page.getByRole('combobox', { name: label }).click();
        await open
          .locator('.ant-select-item-option')
          .filter({ hasText: option })
          .first()
          .click({ timeout: 10_000 })
          .catch(() => {});
        return page.url();
      },
      { timeout: 60_000 },
    )
    .toMatch(address);
};

/** The employee's latest notice: how their change ended. */
const noticeOf = async (employee: MadeEmployee) =>
  (
    await api<{ isVerify: string; messageContent: string }[]>(
      'SystemNotice/GetPersonNotice',
      { currentPage: 1 },
      await tokenOf(employee),
    )
  ).data[0];

/** Closes the drawer if a request is open in it (after a decision the next one may be). */
const closeDrawer = async (page: Page) => {
  const drawer = drawerOf(page);
  if (!(await drawer.isVisible())) return;
  await page.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
};

describe('资料审核 in the HR console', () => {
  it('lists the changes, shows one field by field, approves one with an opinion and rejects one with a reason', async () => {
    const { page } = desk;
    await submitPersonChange(approved);
    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('menuitem', { name: '资料审核' }).click();
    await page.waitForURL(/\/admin\/review$/);
    const before = (await api<{ count: number }>('Review/GetPendingCount', {}, reviewerToken)).data.count;
    await expect.poll(() => pendingShown(page)).toBe(before);
    let reloads = 0;
    page.on('framenavigated', () => {
      reloads += 1;
    });

    // A change sent while the page is open comes by the socket: the number grows, the list is read again.
    await submitPersonChange(rejected);
    await expect.poll(() => pendingShown(page), { timeout: 10_000 }).toBe(before + 1);
    expect(reloads).toBe(0);

    const row = await rowOf(page, approved.empNo);
    await row.getByText('修改个人信息').waitFor();
    await row.click();
    const drawer = drawerOf(page);
    const detail = drawer.getByRole('article', { name: `员工[${approved.empNo}]修改了个人信息` });
    await detail.waitFor();
    const { id: approvedId } = await findChange(reviewerToken, approved.empNo, 'APP_EDIT_PERSON');
    // The request open is in the address: a reload or a link comes back to it.
    await page.waitForURL(new RegExp(`/admin/review\\?id=${approvedId}$`));
    const phoneField = detail.locator('tr').filter({ hasText: '联系电话' }).first();
    await phoneField.locator('ins').getByText('13912345678').waitFor();
    const scan = detail.getByRole('img', { name: '身份证正面照片（修改后）' });
    await expect.poll(() => scan.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(120);
    await screenshot(page, 'console-review');

    // The scan opens full size.
    await scan.click();
    await page.locator('.ant-image-preview-img').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').waitFor({ state: 'detached' });

    await detail.getByRole('button', { name: '通过' }).click();
    const approve = page.getByRole('dialog', { name: '审核通过' });
    await approve.getByRole('textbox', { name: '审核意见' }).fill('资料齐全');
    await tapWhenStill(approve.getByRole('button', { name: '确认通过' }));
    await page.getByText('审核通过', { exact: true }).first().waitFor();
    await expect
      .poll(() => findChange(reviewerToken, approved.empNo, 'APP_EDIT_PERSON').then((c) => c.status))
      .toBe('approved');
    // The request decided leaves the drawer: the next one of the table opens in its place, or the drawer closes.
    await detail.waitFor({ state: 'detached' });
    await expect.poll(() => page.url()).not.toMatch(new RegExp(`id=${approvedId}$`));
    await closeDrawer(page);

    const second = await rowOf(page, rejected.empNo);
    await second.getByRole('button', { name: `查看 ${rejected.empNo} 的申请` }).click();
    await drawer.getByRole('article', { name: `员工[${rejected.empNo}]修改了个人信息` }).waitFor();
    await drawer.getByRole('button', { name: '驳回' }).click();
    const dialog = page.getByRole('dialog', { name: '驳回申请' });
    await tapWhenStill(dialog.getByRole('button', { name: '确认驳回' }));
    await dialog.getByText('请填写驳回原因').waitFor();
    await dialog.getByRole('textbox', { name: '驳回原因' }).fill('身份证照片不清晰，请重新拍摄。');
    await dialog.getByRole('button', { name: '确认驳回' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => findChange(reviewerToken, rejected.empNo, 'APP_EDIT_PERSON').then((c) => c.status))
      .toBe('rejected');
    await expect.poll(() => pendingShown(page)).toBe(before - 1);
    expect(await page.locator('.ant-table-row').filter({ hasText: approved.empNo }).count()).toBe(0);

    // The decided requests under their status, and the employees told with the opinion and the reason.
    await closeDrawer(page);
    await page.getByText('已通过', { exact: true }).click();
    await page.waitForURL(/\/admin\/review\?status=approved$/);
    await rowOf(page, approved.empNo);
    expect(await noticeOf(approved)).toMatchObject({
      isVerify: 'Y',
      messageContent: '您提交的个人信息修改已审核通过：资料齐全',
    });
    expect(await noticeOf(rejected)).toMatchObject({
      isVerify: 'Y',
      messageContent: '您提交的个人信息修改未通过审核：身份证照片不清晰，请重新拍摄。',
    });
  });

  it('filters by plant and kind in the address, and opens a request from a link', async () => {
    const { page } = desk;
    await page.goto('/admin/review');
    await page.locator('.ant-table-row').first().waitFor();
    await pick(page, '工厂', 'JY', /\/admin\/review\?bu=JY$/);
    await pick(page, '修改类型', '修改工作信息', /\/admin\/review\?bu=JY&kind=APP_EDIT_WORK$/);
    const row = await rowOf(page, workEditor.empNo);
    await row.getByText('修改工作信息').waitFor();
    await expect
      .poll(async () => (await page.locator('.ant-table-row').allTextContents()).every((text) => text.includes('JY')))
      .toBe(true);

    // A link naming the request (a notification, the employee app's old address) opens it in the drawer.
    const { id } = await findChange(reviewerToken, workEditor.empNo, 'APP_EDIT_WORK');
    await page.goto(`/admin/review?id=${id}`);
    const detail = drawerOf(page).getByRole('article', { name: `员工[${workEditor.empNo}]修改了工作信息` });
    await detail.waitFor();
    const added = detail.locator('.review-group').filter({ hasText: '新增工作经历' });
    const employer = added.locator('tr').filter({ hasText: '工作单位' });
    await employer.locator('ins').getByText('如皋精工汽配厂').waitFor();
    await employer.getByText('已修改').waitFor();
    expect(await employer.locator('del').textContent()).toBe('（空）');
    expect(await detail.getByRole('button', { name: '通过' }).count()).toBe(1);
  });

  it('fits a tablet: the request takes the whole width', async () => {
    await submitPersonChange(onTablet);
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 820, height: 1180 },
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    try {
      await signIn(context, reviewer.empNo, FACTORY_PASSWORD);
      const page = await context.newPage();
      const { id } = await findChange(reviewerToken, onTablet.empNo, 'APP_EDIT_PERSON');
      await page.goto(`/admin/review?id=${id}`);
      const drawer = drawerOf(page);
      await drawer.getByRole('article', { name: `员工[${onTablet.empNo}]修改了个人信息` }).waitFor();
      await drawer.getByRole('img', { name: '身份证正面照片（修改后）' }).waitFor();
      const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
      expect(box && Math.round(box.width)).toBe(820);
      await page.screenshot({ path: 'e2e/screenshots/console-review-tablet.png' });
    } finally {
      await context.close();
    }
  });
});
