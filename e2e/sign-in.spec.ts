// Sign-in screen: the redirect of a signed-out visit, the handbook checkbox, failure and success, 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { usePhone } from './harness';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let worker: MadeEmployee;
/** Gets a wrong password: the failures counted against this account touch no other test's. */
let mistyped: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '表单员工' });
  mistyped = await makeEmployee(data.database, { name: '输错员工' });
});

const agreement = () => phone.page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ });
const loginButton = () => phone.page.getByRole('button', { name: '登录' });

describe('sign-in', () => {
  it('sends a signed-out visit of a private page to /login with the redirect', async () => {
    await phone.page.goto('/salary/my-salary');
    await phone.page.waitForURL('**/login?redirect=%2Fsalary%2Fmy-salary');
    await expect.poll(() => phone.page.getByRole('heading', { name: '员工自助系统' }).isVisible()).toBe(true);
    await phone.page.screenshot({ path: 'e2e/screenshots/login.png' });
  });

  it('keeps the login button disabled until the handbook box is ticked', async () => {
    await phone.page.goto('/login');
    await phone.page.getByLabel('账号').fill(worker.empNo);
    await phone.page.getByLabel('密码').fill(FACTORY_PASSWORD);
    expect(await loginButton().isDisabled()).toBe(true);
    await agreement().check({ force: true });
    expect(await loginButton().isEnabled()).toBe(true);
  });

  it('opens the handbook PDF from the link, with pages and zoom limits', async () => {
    await phone.page.goto('/login');
    await phone.page.getByRole('button', { name: '《员工手册》' }).click();
    const dialog = phone.page.getByRole('dialog', { name: '员工手册' });
    await dialog.getByText('1 / 5').waitFor();
    await dialog.getByRole('button', { name: '下一页' }).click();
    await dialog.getByText('2 / 5').waitFor();
    // It opens fitted to the width; + and − step by 10 % between 40 and 100 %.
    for (let step = 0; step < 7 && !(await dialog.getByText('100%').isVisible()); step += 1) {
      await dialog.getByRole('button', { name: '放大' }).click();
    }
    await dialog.getByText('100%').waitFor();
    await dialog.getByRole('button', { name: '放大' }).click();
    await phone.page.getByText('已是最大比例').waitFor();
    for (let step = 0; step < 6; step += 1) await dialog.getByRole('button', { name: '缩小' }).click();
    await dialog.getByText('40%').waitFor();
    await dialog.getByRole('button', { name: '缩小' }).click();
    await phone.page.getByText('已是最小比例').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    expect(await agreement().isChecked()).toBe(false);
  });

  it('shows the server message on a wrong password and stays on /login with the form kept', async () => {
    await phone.page.goto('/login?redirect=%2Fhome');
    await phone.page.getByLabel('账号').fill(mistyped.empNo);
    await phone.page.getByLabel('密码').fill('not-the-password');
    await agreement().check({ force: true });
    await loginButton().click();
    await phone.page.getByText('账号或密码错误').waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/login');
    expect(await phone.page.getByLabel('账号').inputValue()).toBe(mistyped.empNo);
  });

  it('signs in through the form and lands on the redirect', async () => {
    await phone.page.goto('/user/person-center');
    await phone.page.waitForURL('**/login?redirect=%2Fuser%2Fperson-center');
    await phone.page.getByLabel('账号').fill(worker.empNo);
    await phone.page.getByLabel('密码').fill(FACTORY_PASSWORD);
    await agreement().check({ force: true });
    await loginButton().click();
    await phone.page.waitForURL('**/user/person-center');
    await phone.page.getByText('表单员工', { exact: true }).waitFor();
    await phone.page.getByRole('button', { name: '退出登录' }).or(phone.page.getByText('退出登录')).first().waitFor();
    const cookies = await phone.context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining(['ess_token', 'ess_refresh', 'ess_user']),
    );
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    await phone.page.goto('/no/such/screen');
    await phone.page.waitForURL('**/404');
    await phone.page.getByText('抱歉，系统未找到该页面').waitFor();
    expect(await phone.page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });

  it('explains a reset link without a code and shows the server message for a spent one', async () => {
    await phone.page.goto('/home/reset-password');
    await phone.page.getByText(/链接无效/).waitFor();
    await phone.page.goto('/home/reset-password?code=not-a-real-code');
    await phone.page.getByText('重置链接无效或已过期，请联系人事重新获取').first().waitFor();
  });
});
