// /user/my-option: the employee's notices with their review state, paged by scrolling, back to page 1 by pulling.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import {
  openSignedIn,
  pullDown,
  recordRequests,
  requestsSoFar,
  screenshot,
  scrollToEnd,
  scrollToTop,
  scrollUntil,
} from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeNotices, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

/** Four notices, oldest first: two reviewed with an opinion, two waiting for review. */
const FOUR = [
  {
    type: 'AppSalary',
    title: '工资疑问',
    description: '上月加班费与实际加班时长不符',
    verified: true,
    reply: '已核对，差额将在下月补发',
  },
  { type: 'AppMeals', title: '餐费扣款', description: '本月餐费扣款偏多' },
  { type: 'APP_EDIT_BANK', title: '银行卡变更', description: '修改了银行卡信息', verified: true, reply: '审核通过' },
  { type: 'AppAtt', title: '考勤异常', description: '周三下班卡未记录' },
];
/** Notices sent after those, enough for a second page of 10. */
const ADDED = 12;
let fewNotices: MadeEmployee;
let manyNotices: MadeEmployee;

beforeAll(async () => {
  fewNotices = await makeEmployee(data.database, { name: '反馈员工' });
  await makeNotices(data.database, fewNotices, FOUR);
  manyNotices = await makeEmployee(data.database, { name: '多反馈员工' });
  await makeNotices(data.database, manyNotices, [
    ...FOUR,
    ...Array.from({ length: ADDED }, (_, index) => ({
      type: 'App',
      title: `测试反馈 ${index + 1}`,
      description: `第 ${index + 1} 条反馈`,
    })),
  ]);
});

const noticeRows = () => phone.page.locator('.notice-item');

describe('my notices', () => {
  it('shows the notices with 已审核 / 未审核 and the opinion', async () => {
    await openSignedIn(phone, fewNotices, '/user/my-option');
    const reviewed = noticeRows().filter({ hasText: '工资疑问' });
    await reviewed.getByText('已审核').waitFor();
    await reviewed.getByText('审核意见：已核对，差额将在下月补发').waitFor();
    await reviewed.getByText('上月加班费与实际加班时长不符').waitFor();
    const pending = noticeRows().filter({ hasText: '餐费扣款' });
    await pending.getByText('未审核').waitFor();
    expect(await pending.getByText(/审核意见/).count()).toBe(0);
    const bank = noticeRows().filter({ hasText: '银行卡变更' });
    await bank.getByText('审核意见：审核通过').waitFor();
    expect(await noticeRows().count()).toBe(4);
    // Newest first.
    await noticeRows().first().getByText('考勤异常').waitFor();
    await noticeRows().last().getByText('工资疑问').waitFor();
    await phone.page.getByText('没有更多了').waitFor();
    await screenshot(phone.page, 'my-option');
  });

  it('loads the second page by scrolling, and a pull goes back to page 1', async () => {
    const requests = recordRequests(phone.page, 'SystemNotice/GetPersonNotice');
    const login = await openSignedIn(phone, manyNotices, '/user/my-option');
    const total = (await api('SystemNotice/GetPersonNotice', { currentPage: 1 }, login.token)).totalCount ?? 0;
    expect(total).toBe(4 + ADDED);

    await noticeRows().first().getByText(`测试反馈 ${ADDED}`).waitFor();
    await phone.page.waitForLoadState('networkidle');
    await requestsSoFar(phone.page);
    expect(await noticeRows().count()).toBe(10);
    expect(requests.map((body) => body.currentPage)).toEqual([1]);

    await scrollUntil(phone.page, async () => (await noticeRows().count()) === total);
    await scrollToEnd(phone.page);
    await phone.page.getByText('没有更多了').waitFor();
    await noticeRows().filter({ hasText: '考勤异常' }).getByText('未审核').waitFor();
    expect(requests.map((body) => body.currentPage)).toEqual([1, 2]);

    await scrollToTop(phone.page);
    await pullDown(phone.page, noticeRows().first());
    await phone.page.getByText('刷新成功').waitFor();
    expect(requests.map((body) => body.currentPage)).toEqual([1, 2, 1]);
    await expect.poll(async () => noticeRows().count()).toBe(10);
  });
});
