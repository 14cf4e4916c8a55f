// The 我的 tab: profile card, links, sign-out with confirmation; the password change flow.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, markHandbookRead, sha256, usePhone } from './harness';
import { screenshot, signInAs } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let profileUser: MadeEmployee;
let logoutUser: MadeEmployee;
let passwordUser: MadeEmployee;

beforeAll(async () => {
  profileUser = await makeEmployee(data.database, { name: '资料员工' });
  logoutUser = await makeEmployee(data.database, { name: '退出员工' });
  passwordUser = await makeEmployee(data.database, { name: '改密员工' });
});

const signInReady = async (employee: MadeEmployee) => {
  const login = await signInAs(phone.context, employee);
  await markHandbookRead(login.token);
  return login;
};

describe('person center', () => {
  it('shows the avatar, name, department, title and the links', async () => {
    await signInReady(profileUser);
    await phone.page.goto('/user/person-center');
    await phone.page.getByText('资料员工', { exact: true }).waitFor();
    await phone.page.getByText('总装车间 · 操作工').waitFor();
    for (const link of ['人脸照片', '修改密码', '银行卡', '学历信息', '职称评定', '技能评定', '工作经历', '退出登录']) {
      await phone.page.getByText(link, { exact: true }).waitFor();
    }
    await screenshot(phone.page, 'person-center');
    // Round, not a rounded square.
    const radius = await phone.page
      .locator('.person-avatar')
      .evaluate((avatar) => getComputedStyle(avatar).borderRadius);
    expect(radius).toBe('50%');
    await phone.page.getByRole('button', { name: '查看头像' }).click();
    await phone.page.locator('.adm-image-viewer-content').waitFor();
  });

  it('signs out after confirming, and private screens need a sign-in again', async () => {
    await signInReady(logoutUser);
    await phone.page.goto('/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).click();
    const confirm = phone.page.getByRole('dialog', { name: '退出登录' });
    await confirm.getByText('确定要退出吗？').waitFor();
    // Esc answers 取消, as it closes sheets.
    await phone.page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(phone.page.url()).pathname).toBe('/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).click();
    await confirm.getByText('确定要退出吗？').waitFor();
    await phone.page.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(phone.page.url()).pathname).toBe('/user/person-center');
    await phone.page.getByText('退出登录', { exact: true }).click();
    await phone.page.getByRole('button', { name: '确定' }).click();
    await phone.page.waitForURL('**/login');
    const names = (await phone.context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('ess_token');
    expect(names).not.toContain('ess_refresh');
    await phone.page.goto('/home');
    await phone.page.waitForURL('**/login?redirect=%2Fhome');
  });

  it('changes the password: signs out to /login, and the old password no longer works', async () => {
    await signInReady(passwordUser);
    await phone.page.goto('/system-setting/change-password');
    await phone.page.getByRole('button', { name: '确认修改' }).click();
    await phone.page.getByText('请输入原密码').waitFor();
    await phone.page.getByLabel(/^原密码/).fill(FACTORY_PASSWORD);
    await phone.page.getByLabel(/^新密码/).fill('changed-5678');
    await phone.page.getByLabel(/^确认新密码/).fill('changed-0000');
    await phone.page.getByRole('button', { name: '确认修改' }).click();
    await phone.page.getByText('请确认与新密码一致').waitFor();
    await phone.page.getByLabel(/^确认新密码/).fill('changed-5678');
    await phone.page.getByRole('button', { name: '确认修改' }).click();
    await phone.page.getByText('修改成功').waitFor();
    await phone.page.waitForURL('**/login', { timeout: 5000 });

    const withOld = await api('Account/CheckLogin', {
      userAccount: passwordUser.empNo,
      password: sha256(FACTORY_PASSWORD),
      isRemember: true,
    });
    expect(withOld.result).toBe(false);
    const withNew = await api('Account/CheckLogin', {
      userAccount: passwordUser.empNo,
      password: sha256('changed-5678'),
      isRemember: true,
    });
    expect(withNew.result).toBe(true);
  });
});
