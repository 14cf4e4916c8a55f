// Every screen of the app, and its dialogs and sheets open, passes axe-core's WCAG 2 A/AA rules.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './axe';
import { api, markHandbookRead, signIn, usePhone } from './harness';
import { openSignedIn } from './screen-helpers';

// Seed: colleague g is employee 100001+g (id g+2), plant PLANTS[g % 8], handbook unread when g % 3 = 0,
// unread messages and notices for ids ≤ 50, safety issues for ids with id % 3 = 1, dormitory costs for
// PS01/PS03 (g / 5 % 4 is 0 or 2). Employees no other spec uses, so their state is this spec's own.
/** g = 15: handbook unread. */
const HANDBOOK_UNREAD = '100016';
/** g = 18: handbook read, unread messages. */
const WITH_MESSAGES = '100019';
/** g = 23: PS01, safety issues, notices, meal lines, dormitory costs. */
const EMPLOYEE = '100024';

const phone = usePhone({ bypassCSP: true });

/** Axe on the screen as it is now; a soft expectation, so one run reports every screen that fails. */
const expectAccessible = async (screen: string, page: Page = phone.page) => {
  // Sheets, dialogs and toasts animate in; colours are measured once they have settled.
  await page.waitForTimeout(400);
  expect.soft(await findAxeViolations(page), screen).toEqual([]);
};

/** The user's home with its unread messages marked read, so no dialog covers it. */
const openQuietly = async (empNo: string, path: string) => {
  const login = await openSignedIn(phone, empNo, path);
  await api('SystemNotice/ModifyReadMsg', {}, login.token);
  return login;
};

const PLACEHOLDER_PATHS = [
  '/register',
  '/improve/proposal-improve',
  '/improve/proposal-study',
  '/system-setting/person-photo',
  '/home/recruitment-share',
  '/train/emp-zhiyin',
  '/train/video-learn',
  '/paper/paper-detail',
  '/user/demand-detail',
  '/user/my-bank',
  '/user/my-work',
  '/user/title-evaluation',
  '/user/skill-evaluation',
  '/user/my-education',
  '/train/learn-list',
  '/user/my-demand',
  '/paper/paper-list',
  '/train/emp-handbook',
  '/recruitment/recruitment-share',
];

describe('accessibility (axe, WCAG 2 A/AA)', () => {
  it('sign-in, with the handbook open', async () => {
    await phone.page.goto('/login');
    await phone.page.getByRole('heading', { name: '员工自助系统' }).waitFor();
    await expectAccessible('/login');
    await phone.page.getByRole('button', { name: '《员工手册》' }).click();
    const dialog = phone.page.getByRole('dialog', { name: '员工手册' });
    await dialog.getByText('1 / 5').waitFor();
    await expectAccessible('/login with the handbook');
  });

  it('reset-password landing and 404', async () => {
    await phone.page.goto('/home/reset-password');
    await phone.page.getByText(/链接无效/).waitFor();
    await expectAccessible('/home/reset-password without a code');
    await phone.page.goto('/home/reset-password?code=not-a-real-code');
    await phone.page.getByText('重置失败').waitFor();
    await expectAccessible('/home/reset-password with a spent code');
    await phone.page.goto('/404');
    await phone.page.getByRole('link', { name: '返回首页' }).waitFor();
    await expectAccessible('/404');
  });

  it('home with the handbook gate', async () => {
    await signIn(phone.context, HANDBOOK_UNREAD);
    await phone.page.goto('/home');
    await phone.page.getByRole('dialog', { name: '员工手册' }).getByText('1 / 5').waitFor();
    await expectAccessible('/home with the handbook gate');
  });

  it('home with the unread messages, then without', async () => {
    const login = await signIn(phone.context, WITH_MESSAGES);
    await markHandbookRead(login.token);
    await phone.page.goto('/home');
    const messages = phone.page.getByRole('dialog', { name: '未读消息' });
    await messages.getByText('工资单已发布').waitFor();
    await expectAccessible('/home with the unread messages');
    await messages.getByRole('button', { name: '我知道了' }).click();
    await messages.waitFor({ state: 'hidden' });
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    await expectAccessible('/home');
  });

  it('the top-bar menu, the quick links and the feedback sheet', async () => {
    await openQuietly(EMPLOYEE, '/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).waitFor();
    await phone.page.getByRole('button', { name: '更多操作' }).click();
    await phone.page.getByRole('button', { name: '刷新' }).waitFor();
    await expectAccessible('top-bar menu open');
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('button', { name: '更多操作' }).click();
    await phone.page.getByRole('button', { name: '反馈' }).click();
    await phone.page.getByRole('dialog', { name: '意见反馈' }).getByLabel('问题描述').waitFor();
    await expectAccessible('feedback sheet');
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('dialog', { name: '意见反馈' }).waitFor({ state: 'detached' });
    await phone.page.getByRole('button', { name: '快捷入口' }).click();
    await phone.page.getByRole('button', { name: '我的考勤' }).waitFor();
    await expectAccessible('quick links open');
  });

  it('person center with the sign-out confirm, person setting, change password', async () => {
    await openQuietly(EMPLOYEE, '/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).waitFor();
    await expectAccessible('/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).click();
    await phone.page.getByRole('dialog', { name: '退出登录' }).waitFor();
    await expectAccessible('/user/person-center with the sign-out confirm');
    await phone.page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    await phone.page.goto('/system-setting/person-setting');
    await phone.page.getByRole('link', { name: '修改密码' }).waitFor();
    await expectAccessible('/system-setting/person-setting');
    await phone.page.goto('/system-setting/change-password');
    await phone.page.getByRole('button', { name: '确认修改' }).waitFor();
    await expectAccessible('/system-setting/change-password');
  });

  it('attendance, payslip, meals with the detail, dormitory costs', async () => {
    await openQuietly(EMPLOYEE, '/attendance/my-att');
    await phone.page.getByText('上班打卡').first().waitFor();
    await expectAccessible('/attendance/my-att');

    await phone.page.goto('/salary/my-salary');
    await phone.page.getByRole('region', { name: '实发工资' }).waitFor();
    await expectAccessible('/salary/my-salary');

    await phone.page.goto('/logistics/meals');
    await phone.page.locator('.meal-month').first().waitFor();
    await expectAccessible('/logistics/meals');
    await phone.page.locator('.meal-month').first().click();
    await phone.page.getByRole('dialog').getByText('实扣').first().waitFor();
    await expectAccessible('/logistics/meals with the detail sheet');

    await phone.page.goto('/logistics/person-stay');
    await phone.page.getByText('合计').first().waitFor();
    await expectAccessible('/logistics/person-stay');
  });

  it('cabinet with a confirm, safety issues, notices, material search, self-help', async () => {
    await openQuietly(EMPLOYEE, '/logistics/cabinet');
    await phone.page.getByText('箱号').waitFor();
    await expectAccessible('/logistics/cabinet');
    await phone.page.getByRole('button', { name: '开柜' }).click();
    await phone.page.getByRole('dialog', { name: '开柜' }).waitFor();
    await expectAccessible('/logistics/cabinet with the open confirm');
    await phone.page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    await phone.page.goto('/inspection/my-ehs');
    await phone.page.locator('.ehs-issue').first().waitFor();
    await expectAccessible('/inspection/my-ehs');

    await phone.page.goto('/user/my-option');
    await phone.page.getByText(/审核/).first().waitFor();
    await expectAccessible('/user/my-option');

    await phone.page.goto('/purchase/material-manage');
    await phone.page.getByPlaceholder('请输入物料编码或名称').waitFor();
    await expectAccessible('/purchase/material-manage');

    await phone.page.goto('/user/self-help');
    await phone.page.getByText('问题找谁').waitFor();
    await expectAccessible('/user/self-help');
  });

  it('the placeholder screens', async () => {
    await openQuietly(EMPLOYEE, '/home');
    for (const path of PLACEHOLDER_PATHS) {
      await phone.page.goto(path);
      await phone.page.getByText('功能建设中').waitFor();
      await expectAccessible(path);
    }
  });
});
