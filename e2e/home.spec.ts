// Home: the handbook dialog that shows once, unread messages, tiles, quick links, feedback.
import { describe, expect, it } from 'vitest';
import { markHandbookRead, signIn, usePhone } from './harness';
import { screenshot, waitForStillness } from './screen-helpers';

// Seed: colleague g is employee 100001+g, handbook unread when g % 3 = 0; ids ≤ 50 have unread messages.
const HANDBOOK_UNREAD = '100004';
const READ_WITH_MESSAGES = '100006';
// Its unread messages are read by no other spec (100001's are: the records spec reads its review outcome).
const SCREENSHOT_USER = '100025';

const phone = usePhone();

describe('home', () => {
  it('forces the handbook once: confirm after ticking, then unread messages, never again after reload', async () => {
    await signIn(phone.context, HANDBOOK_UNREAD);
    await phone.page.goto('/home');
    const handbook = phone.page.getByRole('dialog', { name: '员工手册' });
    await handbook.getByText('1 / 5').waitFor();
    const confirm = handbook.getByRole('button', { name: '确认' });
    expect(await confirm.isDisabled()).toBe(true);
    await handbook.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' }).check({ force: true });
    await confirm.click();
    await handbook.waitFor({ state: 'detached' });

    const messages = phone.page.getByRole('dialog').filter({ hasText: '未读消息' });
    await messages.getByText('工资单已发布').waitFor();
    await messages.getByRole('button', { name: '我知道了' }).click();
    await messages.waitFor({ state: 'hidden' });

    await phone.page.reload();
    await phone.page.getByText(/您好/).waitFor();
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    // Whatever the home screen asks before it would open a dialog has been answered, and the screen is still.
    await phone.page.waitForLoadState('networkidle');
    await waitForStillness(phone.page);
    expect(await phone.page.getByRole('dialog', { name: '员工手册' }).count()).toBe(0);
    expect(await phone.page.getByText('未读消息').count()).toBe(0);
  });

  it('shows welcome, pictures and grouped tiles', async () => {
    const login = await signIn(phone.context, SCREENSHOT_USER);
    await markHandbookRead(login.token);
    await phone.page.goto('/home');
    await phone.page.getByText(`${login.userName}，您好！`).waitFor();
    await phone.page.getByText(/入职第 \d+ 天/).waitFor();
    for (const group of ['个人信息', '查询服务', '培训', '调查反馈', '更多服务']) {
      await phone.page.getByRole('heading', { name: group }).waitFor();
    }
    await phone.page.getByRole('link', { name: '入职指引' }).waitFor();
    await phone.page.getByRole('img', { name: '安全生产 人人有责' }).first().waitFor();
    // The seeded unread messages.
    const messages = phone.page.getByRole('dialog').filter({ hasText: '未读消息' });
    await messages.getByRole('button', { name: '我知道了' }).click();
    await messages.waitFor({ state: 'hidden' });
    await screenshot(phone.page, 'home');
  });

  it('opens a permitted quick link from the footer', async () => {
    const login = await signIn(phone.context, READ_WITH_MESSAGES);
    await markHandbookRead(login.token);
    await phone.page.goto('/user/person-center');
    await phone.page.getByText('快捷入口').click();
    await phone.page.getByRole('button', { name: '我的考勤' }).click();
    await phone.page.waitForURL('**/attendance/my-att');
    await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();
  });

  it('sends feedback from the top-bar menu, and the notice list shows it at once', async () => {
    const login = await signIn(phone.context, READ_WITH_MESSAGES);
    await markHandbookRead(login.token);
    await phone.page.goto('/user/my-option');
    await phone.page.getByText(/审核/).first().waitFor();
    await phone.page.getByRole('button', { name: '更多操作' }).click();
    await phone.page.getByRole('button', { name: '反馈' }).click();
    const sheet = phone.page.getByRole('dialog', { name: '意见反馈' });
    await sheet.getByRole('button', { name: '提交' }).click();
    await sheet.getByText('反馈类型或描述为空').first().waitFor();
    await sheet.getByRole('radio', { name: '餐费' }).check({ force: true });
    const description = `本月餐费扣款与实际就餐次数不符 ${Date.now()}`;
    await sheet.getByLabel('问题描述').fill(description);
    await sheet.getByRole('button', { name: '提交' }).click();
    await phone.page.getByText('提交成功').waitFor();
    await sheet.waitFor({ state: 'detached' });
    // The list of the screen behind the sheet was refreshed by the submission, without a reload.
    await phone.page.getByText(description).waitFor();
  });
});
