// The feedback a worker sends reaches the HR of their plant in the console's 收件箱 (1366×768), reached from the
// dashboard's figure, and HR's answer reaches the worker's 我的反馈 in the 375×667 app as 已审核 with the answer.
// The worker and HR are this spec's own.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newDesk, usePhone } from './harness';
import { tokenOf } from './review-helpers';
import { openSignedIn, screenshot } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let worker: MadeEmployee;
let hr: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '宿舍员工', plant: 'LZ' });
  hr = await makeHrClerk(data.database, { plant: 'LZ', plants: ['LZ'] });
});

describe('feedback answered in the console', () => {
  it('reaches the HR of the plant, and the answer reaches the worker', async () => {
    const sent = await api(
      'SystemNotice/ModifyNotice',
      { NoticeType: 'AppZs', NoticeDesc: '三楼宿舍热水器坏了' },
      await tokenOf(worker),
    );
    expect(sent.result).toBe(true);

    const desk = await newDesk(phone.browser);
    try {
      // The console opens on the dashboard; the plant's waiting feedback leads to the 收件箱's list of it.
      await openSignedIn(desk, hr, '/admin');
      const figure = desk.page.getByRole('link', { name: /^意见反馈\s*\d+/ });
      await figure.waitFor();
      await desk.page.locator('[role="img"][aria-label^="各工厂确认率"]').waitFor();
      await desk.page.screenshot({ path: 'e2e/screenshots/console-dashboard.png' });
      await figure.click();
      await desk.page.waitForURL(/\/admin\/submissions\?tab=feedback&bu=LZ&status=unanswered$/);
      await desk.page.getByRole('tab', { name: '意见反馈', selected: true }).waitFor();
      const row = desk.page.locator('.ant-table-row', { hasText: '三楼宿舍热水器坏了' });
      await row.getByText('宿舍员工（').waitFor();
      await row.getByText('住宿').waitFor();
      await row.getByRole('button', { name: '答复 宿舍员工 的反馈' }).click();
      const dialog = desk.page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: '答复' }).fill('已安排维修，明天上午修好');
      await dialog.getByRole('button', { name: '发送答复' }).click();
      await desk.page.getByText('已答复，员工会收到消息').waitFor();
      // Answered, it leaves the 待答复 list the dashboard led to, and is found among the answered.
      await row.waitFor({ state: 'detached' });
      await desk.page.getByRole('combobox', { name: '答复状态' }).click();
      await desk.page.locator('.ant-select-item-option').filter({ hasText: '已答复' }).click();
      await row.getByText('已安排维修，明天上午修好').waitFor();
      await row.getByText(/^已答复（/).waitFor();
      await desk.page.screenshot({ path: 'e2e/screenshots/console-feedback.png' });
    } finally {
      await desk.context.close();
    }

    await openSignedIn(phone, worker, '/user/my-option');
    const notice = phone.page.locator('.notice-item', { hasText: '三楼宿舍热水器坏了' });
    await notice.getByText('已审核').waitFor();
    await notice.getByText('审核意见：已安排维修，明天上午修好').waitFor();
    await screenshot(phone.page, 'my-option-feedback-answered');
  });
});
