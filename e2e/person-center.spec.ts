// The 我的 tab: profile card, links, sign-out with confirmation; the password change flow.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, DEMO_PASSWORD, launchBrowser, markHandbookRead, newPhone, sha256, signIn } from './harness';

const PROFILE_USER = '100020';
const LOGOUT_USER = '100021';
const PASSWORD_USER = '100150';

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

const signInReady = async (empNo: string) => {
  const login = await signIn(context, empNo);
  await markHandbookRead(login.token);
  return login;
};

describe('person center', () => {
  it('shows the avatar, name, department, title and the links', async () => {
    const login = await signInReady(PROFILE_USER);
    await page.goto('/user/person-center');
    await page.getByText(login.userName, { exact: true }).waitFor();
    await page.getByText(`${login.deptName} · ${login.titleName}`).waitFor();
    for (const link of ['人脸照片', '修改密码', '银行卡', '学历信息', '职称评定', '技能评定', '工作经历', '退出登录']) {
      await page.getByText(link, { exact: true }).waitFor();
    }
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'e2e/screenshots/person-center.png' });
    await page.getByRole('button', { name: '查看头像' }).click();
    await page.locator('.adm-image-viewer-content').waitFor();
  });

  it('signs out after confirming, and private screens need a sign-in again', async () => {
    await signInReady(LOGOUT_USER);
    await page.goto('/user/person-center');
    await page.getByText('退出登录', { exact: true }).click();
    await page.getByText('确定要退出吗?').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    expect(new URL(page.url()).pathname).toBe('/user/person-center');
    await page.getByText('退出登录', { exact: true }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('ess_token');
    expect(names).not.toContain('ess_refresh');
    await page.goto('/home');
    await page.waitForURL('**/login?redirect=%2Fhome');
  });

  it('changes the password: signs out to /login, and the old password no longer works', async () => {
    await signInReady(PASSWORD_USER);
    await page.goto('/system-setting/change-password');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('请输入原密码').waitFor();
    await page.getByLabel(/^原密码/).fill(DEMO_PASSWORD);
    await page.getByLabel(/^新密码/).fill('changed-5678');
    await page.getByLabel(/^确认新密码/).fill('changed-0000');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('请确认与新密码一致').waitFor();
    await page.getByLabel(/^确认新密码/).fill('changed-5678');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('修改成功').waitFor();
    await page.waitForURL('**/login', { timeout: 5000 });

    const withOld = await api('Account/CheckLogin', {
      userAccount: PASSWORD_USER,
      password: sha256(DEMO_PASSWORD),
      isRemember: true,
    });
    expect(withOld.result).toBe(false);
    const withNew = await api('Account/CheckLogin', {
      userAccount: PASSWORD_USER,
      password: sha256('changed-5678'),
      isRemember: true,
    });
    expect(withNew.result).toBe(true);
  });
});
