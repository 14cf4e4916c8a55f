// 资料审核 in the HR console at a reviewer's 1366×768: a reviewer (AppVerify) opens /admin, picks 资料审核, sees the
// changes employees sent, the number waiting growing when one more is sent (pushed, no reload), each change's
// differences field by field with the ID card scans, approves one and rejects one with a reason. The two employees
// sending the changes are this spec's own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newDesk, signIn } from './harness';
import { findChange, submitPersonChange } from './review-helpers';
import { screenshot, tapWhenStill } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, useTestData } from './test-data';

const data = useTestData();

let approved: MadeEmployee;
let rejected: MadeEmployee;
let browser: Browser;
let desk: { context: BrowserContext; page: Page };
let reviewerToken: string;
beforeAll(async () => {
  const reviewer = await makeEmployee(data.database, { name: '审核员', roles: ['Employee', 'AppVerify'] });
  approved = await makeEmployee(data.database);
  rejected = await makeEmployee(data.database);
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

describe('资料审核 in the HR console', () => {
  it('lists the changes, shows one field by field, approves one and rejects one with a reason', async () => {
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
    const drawer = page.getByRole('dialog').filter({ hasText: '申请详情' });
    const detail = drawer.getByRole('article', { name: `员工[${approved.empNo}]修改了个人信息` });
    await detail.waitFor();
    const phoneField = detail.locator('tr').filter({ hasText: '联系电话' }).first();
    await phoneField.locator('ins').getByText('13912345678').waitFor();
    const scan = detail.getByRole('img', { name: '身份证正面（修改后）' });
    await expect.poll(() => scan.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(120);
    await screenshot(page, 'console-review');

    // The scan opens full size.
    await scan.click();
    await page.locator('.ant-image-preview-img').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').waitFor({ state: 'detached' });

    await detail.getByRole('button', { name: '通过' }).click();
    await tapWhenStill(page.getByRole('dialog', { name: '审核通过' }).getByRole('button', { name: '确认通过' }));
    await page.getByText('审核通过', { exact: true }).first().waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expect
      .poll(() => findChange(reviewerToken, approved.empNo, 'APP_EDIT_PERSON').then((c) => c.status))
      .toBe('approved');

    const second = await rowOf(page, rejected.empNo);
    await second.getByRole('button', { name: `查看 ${rejected.empNo} 的申请` }).click();
    await drawer.getByRole('article', { name: `员工[${rejected.empNo}]修改了个人信息` }).waitFor();
    await drawer.getByRole('button', { name: '驳回' }).click();
    const dialog = page.getByRole('dialog', { name: '驳回申请' });
    await tapWhenStill(dialog.getByRole('button', { name: '确认驳回' }));
    await dialog.getByText('请填写驳回原因').waitFor();
    await dialog.getByRole('textbox', { name: '驳回原因' }).fill('身份证照片不清晰，请重新拍摄。');
    await dialog.getByRole('button', { name: '确认驳回' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const decided = await findChange(reviewerToken, rejected.empNo, 'APP_EDIT_PERSON');
    expect(decided.status).toBe('rejected');
    await expect.poll(() => pendingShown(page)).toBe(before - 1);
    expect(await page.locator('.ant-table-row').filter({ hasText: approved.empNo }).count()).toBe(0);
  });
});
