// 公告 end to end: HR publishes a notice that must be acknowledged to one department in the console (1366×768); a
// worker of that department meets it in the home dialog of the 375×667 app, reads it whole and taps 我已阅读, and
// the console's receipts show it; a worker of another department of the same plant never sees it.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newDesk, usePhone } from './harness';
import { tokenOf } from './review-helpers';
import { openSignedIn, screenshot } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

const dept = `冲压部${randomBytes(2).toString('hex')}`;
let reader: MadeEmployee;
let neighbour: MadeEmployee;
let hr: MadeEmployee;

beforeAll(async () => {
  reader = await makeEmployee(data.database, { name: '冲压员工', plant: 'JY', dept });
  neighbour = await makeEmployee(data.database, { name: '焊装员工', plant: 'JY', dept: '焊装部' });
  hr = await makeHrClerk(data.database, { plant: 'JY', plants: ['JY'], dept: '人事部' });
});

describe('a notice to one department', () => {
  it('is published in the console, read and acknowledged by that department only', async () => {
    const desk = await newDesk(phone.browser);
    try {
      await openSignedIn(desk, hr, '/admin/announcements');
      const page = desk.page;
      await page.getByRole('button', { name: '发布公告' }).click();
      const drawer = page.getByRole('dialog', { name: '发布新公告' });
      await drawer.getByRole('textbox', { name: '标题' }).fill('冲压车间安全例会');
      const editor = drawer.getByRole('textbox', { name: '公告正文编辑区' });
      await editor.click();
      await page.keyboard.type('周五下午三点在二楼会议室开安全例会，请准时参加。');
      // JY, the clerk's only plant, is chosen already; the department narrows it.
      await expect(drawer.getByRole('checkbox', { name: 'JY' }).isChecked()).resolves.toBe(true);
      await drawer.getByRole('combobox', { name: '部门（可选）' }).click();
      await page.locator('.ant-select-item-option', { hasText: `JY ${dept}` }).click();
      await page.keyboard.press('Escape');
      await drawer.getByRole('switch', { name: '须确认' }).click();
      await page.screenshot({ path: 'e2e/screenshots/console-announcement-publish.png' });
      await drawer.getByRole('button', { name: '发布公告' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: '发布公告' }).click();
      await page.getByText('公告已发布').waitFor();
      const row = page.locator('.ant-table-row', { hasText: '冲压车间安全例会' });
      await row.getByText('发布中').waitFor();
      await row.getByText(`部门：JY ${dept}`).waitFor();
    } finally {
      await desk.context.close();
    }

    // The worker of the department: the home dialog, then the notice whole, then 我已阅读.
    await openSignedIn(phone, reader, '/home');
    const dialog = phone.page.getByRole('dialog', { name: '未读消息' });
    await dialog.getByText('冲压车间安全例会').waitFor();
    await dialog.getByText('须确认').waitFor();
    await screenshot(phone.page, 'announcement-home-dialog');
    await dialog.getByRole('link', { name: '查看全文' }).click();
    await phone.page.getByRole('heading', { name: '冲压车间安全例会' }).waitFor();
    await phone.page.getByText('周五下午三点在二楼会议室开安全例会，请准时参加。').waitFor();
    await screenshot(phone.page, 'announcement-detail');
    await phone.page.getByRole('button', { name: '我已阅读' }).click();
    await phone.page.getByText('您已确认阅读此公告').waitFor();
    await phone.page.goto('/user/announcements');
    const item = phone.page.locator('.announcement-item', { hasText: '冲压车间安全例会' });
    await item.getByText('已确认').waitFor();

    // The worker of another department of the same plant: nothing, in the app and through the API.
    const neighbourToken = await tokenOf(neighbour);
    const theirs = await api<{ title: string }[]>('Announcement/GetMine', {}, neighbourToken);
    expect(theirs.data.map((notice) => notice.title)).not.toContain('冲压车间安全例会');
    const theirDialog = await api<{ noticeTitle: string }[]>('SystemNotice/GetPersonMsg', {}, neighbourToken);
    expect(theirDialog.data.map((message) => message.noticeTitle)).not.toContain('冲压车间安全例会');

    // Back in the console: acknowledged 1 of 1.
    const again = await newDesk(phone.browser);
    try {
      await openSignedIn(again, hr, '/admin/announcements');
      const row = again.page.locator('.ant-table-row', { hasText: '冲压车间安全例会' });
      await row.getByRole('button', { name: '阅读情况' }).click();
      const receipts = again.page.getByRole('dialog', { name: '阅读情况：冲压车间安全例会' });
      await receipts.getByText('1 / 1').first().waitFor();
      await receipts.getByText('全部完成').waitFor();
      await again.page.screenshot({ path: 'e2e/screenshots/console-announcement-receipts.png' });
    } finally {
      await again.context.close();
    }
  });
});
