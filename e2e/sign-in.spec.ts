// Sign-in screen: the redirect of a signed-out visit, the handbook checkbox, failure and success, 404.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, newPhone } from './harness';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  ({ context, page } = await newPhone(browser));
});
afterEach(() => context?.close());

const agreement = () => page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ });
const loginButton = () => page.getByRole('button', { name: '登录' });

describe('sign-in', () => {
  it('sends a signed-out visit of a private page to /login with the redirect', async () => {
    await page.goto('/salary/my-salary');
    await page.waitForURL('**/login?redirect=%2Fsalary%2Fmy-salary');
    await expect.poll(() => page.getByRole('heading', { name: '员工自助系统' }).isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/login.png' });
  });

  it('keeps the login button disabled until the handbook box is ticked', async () => {
    await page.goto('/login');
    await page.getByLabel('账号').fill('100002');
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    expect(await loginButton().isDisabled()).toBe(true);
    await agreement().check({ force: true });
    expect(await loginButton().isEnabled()).toBe(true);
  });

  it('opens the handbook PDF from the link, with pages and zoom limits', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: '《员工手册》' }).click();
    const dialog = page.getByRole('dialog', { name: '员工手册' });
    await dialog.getByText('1 / 5').waitFor();
    await dialog.getByRole('button', { name: '下一页' }).click();
    await dialog.getByText('2 / 5').waitFor();
    await dialog.getByRole('button', { name: '放大' }).click();
    await page.getByText('已是最大比例').waitFor();
    for (let step = 0; step < 6; step += 1) await dialog.getByRole('button', { name: '缩小' }).click();
    await dialog.getByText('40%').waitFor();
    await dialog.getByRole('button', { name: '缩小' }).click();
    await page.getByText('已是最小比例').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    expect(await agreement().isChecked()).toBe(false);
  });

  it('shows the server message on a wrong password and stays on /login with the form kept', async () => {
    await page.goto('/login?redirect=%2Fhome');
    await page.getByLabel('账号').fill('100005');
    await page.getByLabel('密码').fill('not-the-password');
    await agreement().check({ force: true });
    await loginButton().click();
    await page.getByText('账号或密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('账号').inputValue()).toBe('100005');
  });

  it('signs in through the form and lands on the redirect', async () => {
    await page.goto('/user/person-center');
    await page.waitForURL('**/login?redirect=%2Fuser%2Fperson-center');
    await page.getByLabel('账号').fill('100002');
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await agreement().check({ force: true });
    await loginButton().click();
    await page.waitForURL('**/user/person-center');
    await page.getByRole('button', { name: '退出登录' }).or(page.getByText('退出登录')).first().waitFor();
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining(['ess_token', 'ess_refresh', 'ess_user']),
    );
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    await page.goto('/no/such/screen');
    await page.waitForURL('**/404');
    await page.getByText('抱歉,系统未找到该页面').waitFor();
    expect(await page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });

  it('explains a reset link without a code and shows the server message for a spent one', async () => {
    await page.goto('/home/reset-password');
    await page.getByText(/链接无效/).waitFor();
    await page.goto('/home/reset-password?code=not-a-real-code');
    await page.getByText('重置链接无效或已过期，请联系人事重新获取').waitFor();
  });
});
