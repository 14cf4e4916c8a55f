// Nobody is left guessing a password: the clerk sees the initial password when making an account and with a reset
// code (and its printout), and the worker's reset page names the account and the password to sign in with.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesk, newPhone, signIn } from './harness';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, useTestData } from './test-data';

/** The e2e server's INITIAL_PASSWORD: the configuration's default. */
const INITIAL_PASSWORD = '123456';

const data = useTestData();
let browser: Browser;
let clerk: MadeEmployee;

beforeAll(async () => {
  browser = await launchBrowser();
  clerk = await makeEmployee(data.database, { plant: 'NT', roles: ['Employee', 'HRAdmin'], name: '人事专员' });
  await data.database.pool.query("insert into admin_plants (employee_id, bu) values ($1, 'NT')", [clerk.id]);
});
afterAll(() => browser?.close());

const openPeople = async () => {
  const desk = await newDesk(browser);
  await signIn(desk.context, clerk.empNo, FACTORY_PASSWORD);
  await desk.page.goto('/admin/people');
  await desk.page.getByRole('heading', { name: '员工与账号' }).waitFor();
  return desk;
};

describe('passwords told', () => {
  it('a reset: the clerk sees the password to come, the worker is told it and signs in with it', async () => {
    const worker = await makeEmployee(data.database, { plant: 'NT', name: '忘记密码' });
    const desk = await openPeople();
    await desk.page.getByLabel('工号', { exact: true }).fill(worker.empNo);
    await desk.page.getByRole('button', { name: '查询' }).click();
    await desk.page.locator('tr', { hasText: worker.empNo }).getByRole('button', { name: '重置密码' }).click();
    const dialog = desk.page.getByRole('dialog');
    expect(await dialog.getByTestId('reset-initial-password').textContent()).toBe(INITIAL_PASSWORD);
    await dialog.getByText('（初始密码，登录后须设置新密码）').waitFor();
    const link = ((await dialog.getByText('/home/reset-password?code=').textContent()) ?? '').trim();
    await desk.context.close();

    const phone = await newPhone(browser);
    try {
      await phone.page.goto(link);
      await phone.page.getByText('密码已重置', { exact: true }).waitFor();
      await phone.page.getByText('请用以下账号和初始密码登录，登录后须立即设置新密码。').waitFor();
      await phone.page.getByText(worker.empNo, { exact: true }).waitFor();
      await phone.page.getByText(INITIAL_PASSWORD, { exact: true }).waitFor();

      // 去登录 comes with the account filled in; the initial password leads to setting a new one first.
      await phone.page.getByRole('button', { name: '去登录' }).click();
      await phone.page.waitForURL('**/login**');
      expect(await phone.page.getByLabel('账号').inputValue()).toBe(worker.empNo);
      await phone.page.getByLabel('密码').fill(INITIAL_PASSWORD);
      await phone.page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
      await phone.page.getByRole('button', { name: '登录' }).click();
      await phone.page.waitForURL('**/system-setting/change-password');
    } finally {
      await phone.context.close();
    }
  });

  it('a new account: the clerk is shown its initial password until they close the notice', async () => {
    const desk = await openPeople();
    try {
      const empNo = `N${Date.now().toString().slice(-7)}`;
      await desk.page.getByRole('button', { name: '新建员工' }).click();
      const drawer = desk.page.locator('.ant-drawer').filter({ hasText: '新建员工' });
      await drawer.getByLabel('工号').fill(empNo);
      // 工厂: the clerk's one plant is chosen already.
      await drawer.getByLabel('姓名').fill('新同事');
      await drawer.getByRole('button', { name: '保存' }).click();
      const notice = desk.page.getByRole('dialog').filter({ hasText: `已新建：新同事（${empNo}）` });
      expect(await notice.getByTestId('new-hire-password').textContent()).toBe(INITIAL_PASSWORD);
      await notice.getByText('首次登录须设置新密码').waitFor();
      await notice.getByRole('button', { name: '我已告知' }).click();
      await notice.waitFor({ state: 'detached' });
    } finally {
      await desk.context.close();
    }
  });
});
