// 员工与账号 at a clerk's 1366×768: the clerk finds a worker, marks them as left, and the worker's open phone session
// ends (their next visit lands on the sign-in page); a reset code is shown once with its QR code and works once; a
// WeCom account bound to a worker is shown and removed.
// The clerk and both workers are this spec's own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newDesk, newPhone, sha256, signIn } from './harness';
import { openSignedIn, screenshot, tapWhenStill } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const data = useTestData();

let leaver: MadeEmployee;
let forgetful: MadeEmployee;
let browser: Browser;
let desk: { context: BrowserContext; page: Page };
beforeAll(async () => {
  const clerk = await makeHrClerk(data.database, { plants: ['NT'] });
  leaver = await makeEmployee(data.database, { plant: 'NT', name: '离职员工' });
  forgetful = await makeEmployee(data.database, { plant: 'NT', name: '忘记密码' });
  browser = await launchBrowser();
  desk = await newDesk(browser);
  await signIn(desk.context, clerk.empNo, FACTORY_PASSWORD);
});
afterAll(() => browser?.close());

const findRow = async (page: Page, empNo: string) => {
  await page.getByLabel('工号', { exact: true }).fill(empNo);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.locator('tr', { hasText: empNo });
  await row.waitFor();
  return row;
};

describe('员工与账号', () => {
  it('marks a worker as left and their phone session ends at once', async () => {
    const phone = await newPhone(browser);
    await openSignedIn(phone, leaver, '/home');
    await phone.page.getByText('我的工资').first().waitFor();

    const { page } = desk;
    await page.goto('/admin/people');
    await page.getByRole('heading', { name: '员工与账号' }).waitFor();
    const row = await findRow(page, leaver.empNo);
    await screenshot(page, 'console-people');
    await row.getByRole('button', { name: '离职' }).click();
    await page.getByRole('dialog').getByText('标记后该员工立即无法登录').waitFor();
    await tapWhenStill(page.getByRole('button', { name: '确认离职' }));
    // The clerk sees the outcome as a message: a refusal's words say why the row did not change.
    const outcome = page.locator('.ant-message-notice').first();
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('已标记离职');
    await row.getByText(/已离职/).waitFor();

    // The worker's open phone goes to sign-in by itself, told why: nothing is tapped there.
    await phone.page.waitForURL('**/login**', { timeout: 10_000 });
    await phone.page.getByText('该账号已停用（已离职），如有疑问请联系人事').waitFor();
    // And a visit of a private screen needs the sign-in again.
    await phone.page.goto('/salary/my-salary');
    await phone.page.waitForURL('**/login**');
    // Their own password no longer signs them in.
    const again = await api('Account/CheckLogin', {
      userAccount: leaver.empNo,
      password: sha256(FACTORY_PASSWORD),
      isRemember: false,
    });
    expect(again.result).toBe(false);
    await phone.context.close();

    // The log shows it, with the date as the change.
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.getByRole('heading', { name: '操作日志' }).waitFor();
    await page.getByLabel('员工工号').fill(leaver.empNo);
    await page.getByRole('button', { name: '查询' }).click();
    await page.locator('tr', { hasText: '标记离职' }).first().waitFor();
    // Every action, field and code in Chinese, times in China time: no action codes, ISO times or JSON on screen.
    const table = (await page.locator('.ant-table-tbody').textContent()) ?? '';
    expect(table).not.toMatch(/\b[a-z]+(?:[-_][a-z]+)*\.[a-z]+(?:-[a-z]+)*\b/);
    expect(table).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(table).not.toMatch(/[{}"]/);
    // The filter offers every action, not only the account ones.
    await page.getByLabel('操作', { exact: true }).fill('资料修改');
    await page.locator('.ant-select-item-option', { hasText: '通过资料修改' }).waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'console-audit');
  });

  it('shows a reset code once, with the link as a QR code, and the code works once', async () => {
    const { page } = desk;
    await page.goto('/admin/people');
    const row = await findRow(page, forgetful.empNo);
    await row.getByRole('button', { name: '重置密码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('重置码只显示这一次').waitFor();
    await dialog.getByRole('img', { name: '重置链接二维码' }).locator('svg').waitFor();
    const code = ((await dialog.getByTestId('reset-code').textContent()) ?? '').trim();
    expect(code.length).toBeGreaterThan(8);
    await expect(dialog.getByText(`/home/reset-password?code=${code}`)).toBeTruthy();
    await dialog.getByRole('button', { name: '打印' }).waitFor();
    await screenshot(page, 'console-reset-code');
    await dialog.getByRole('button', { name: '我已记下，关闭' }).click();
    expect((await api('Account/ResetPassword', { code })).result).toBe(true);
    expect((await api('Account/ResetPassword', { code })).result).toBe(false);
  });

  it('shows a WeCom account bound to a worker and removes it after asking', async () => {
    await data.database.pool.query(
      "insert into platform_accounts (platform, account_id, employee_id) values ('wecom', $1, $2)",
      [`zhang-${forgetful.empNo}`, forgetful.id],
    );
    const { page } = desk;
    await page.goto('/admin/people');
    const row = await findRow(page, forgetful.empNo);
    await row.getByText('企业微信已绑定').waitFor();
    await screenshot(page, 'console-people-bound');
    await row.getByRole('button', { name: '解除企业微信绑定' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/下次在该应用中打开时需要用工号和密码登录一次/).waitFor();
    await tapWhenStill(confirm.getByRole('button', { name: '解除绑定' }));
    await row.getByText('企业微信已绑定').waitFor({ state: 'detached' });
    const { rows } = await data.database.pool.query('select 1 from platform_accounts where employee_id = $1', [
      forgetful.id,
    ]);
    expect(rows).toEqual([]);
  });
});
