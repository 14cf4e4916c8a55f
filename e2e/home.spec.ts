// Home: the handbook dialog that shows once, unread messages, tiles, quick links, feedback.
import { beforeAll, describe, expect, it } from 'vitest';
import { markHandbookRead, usePhone } from './harness';
import { screenshot, signInAs, waitForStillness } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeMessages, makeNotices, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

const MESSAGES = [
  { title: '工资单已发布', body: '上月工资单已可查询，如有疑问请在“反馈”中提交。' },
  { title: '安全月活动', body: '本月为安全生产月，请按规定佩戴劳保用品。' },
];
/** A new hire: the handbook not yet confirmed, and unread messages behind it. */
let newHire: MadeEmployee;
/** Handbook read, with unread messages: the home screen's picture. */
let greeted: MadeEmployee;
/** Handbook read, no messages, one notice already reviewed. */
let regular: MadeEmployee;

beforeAll(async () => {
  newHire = await makeEmployee(data.database, { name: '新员工', handbookRead: false });
  await makeMessages(data.database, newHire, MESSAGES);
  greeted = await makeEmployee(data.database, { name: '首页员工' });
  await makeMessages(data.database, greeted, MESSAGES);
  regular = await makeEmployee(data.database, { name: '反馈员工' });
  await makeNotices(data.database, regular, [
    {
      title: '工资疑问',
      description: '上月加班费与实际加班时长不符',
      verified: true,
      reply: '已核对，差额将在下月补发',
    },
  ]);
});

describe('home', () => {
  it('forces the handbook once: confirm after ticking, then unread messages, never again after reload', async () => {
    await signInAs(phone.context, newHire);
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
    await messages.getByText('安全月活动').waitFor();
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
    const login = await signInAs(phone.context, greeted);
    await markHandbookRead(login.token);
    await phone.page.goto('/home');
    expect(login.userName).toBe('首页员工');
    await phone.page.getByText('首页员工，您好！').waitFor();
    await phone.page.getByText(/入职第 \d+ 天/).waitFor();
    for (const group of ['个人信息', '查询服务', '培训', '调查反馈', '更多服务']) {
      await phone.page.getByRole('heading', { name: group }).waitFor();
    }
    await phone.page.getByRole('link', { name: '入职指引' }).waitFor();
    await phone.page.getByRole('img', { name: '安全生产 人人有责' }).first().waitFor();
    // The employee's unread messages.
    const messages = phone.page.getByRole('dialog').filter({ hasText: '未读消息' });
    await messages.getByText('工资单已发布').waitFor();
    await messages.getByRole('button', { name: '我知道了' }).click();
    await messages.waitFor({ state: 'hidden' });
    await screenshot(phone.page, 'home');
  });

  it('opens a permitted quick link from the footer', async () => {
    const login = await signInAs(phone.context, regular);
    await markHandbookRead(login.token);
    await phone.page.goto('/user/person-center');
    await phone.page.getByText('快捷入口').click();
    await phone.page.getByRole('button', { name: '我的考勤' }).click();
    await phone.page.waitForURL('**/attendance/my-att');
    await phone.page.getByRole('heading', { name: '我的考勤' }).waitFor();
  });

  it('sends feedback from the top-bar menu, and the notice list shows it at once', async () => {
    const login = await signInAs(phone.context, regular);
    await markHandbookRead(login.token);
    await phone.page.goto('/user/my-option');
    await phone.page.locator('.notice-item', { hasText: '工资疑问' }).getByText('已审核').waitFor();
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
    // The list of the screen behind the sheet was refreshed by the submission, without a reload: the new notice
    // first, waiting for review, over the one that was there.
    const notices = phone.page.locator('.notice-item');
    await notices.first().getByText(description).waitFor();
    await notices.first().getByText('未审核').waitFor();
    expect(await notices.count()).toBe(2);
  });
});
