// /user/my-option: the employee's notices with their review state, paged by scrolling, back to page 1 by pulling.
import { describe, expect, it } from 'vitest';
import { api, signIn, usePhone } from './harness';
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

// Seed: employees with id ≤ 50 have four notices, two reviewed with an opinion (the demo employee 100001 also
// its edit waiting for review, and whatever the record specs send). 100010 is id 11 and 100014 id 15, used by no
// other spec, so what is added here changes nothing elsewhere.
const EMPLOYEE = '100010';
const SEEDED_ONLY = '100014';
const ADDED = 12;

const phone = usePhone();

const noticeRows = () => phone.page.locator('.notice-item');

describe('my notices', () => {
  it('shows the seeded notices with 已审核 / 未审核 and the opinion', async () => {
    await openSignedIn(phone, SEEDED_ONLY, '/user/my-option');
    const reviewed = noticeRows().filter({ hasText: '工资疑问' });
    await reviewed.getByText('已审核').waitFor();
    await reviewed.getByText('审核意见：已核对，差额将在下月补发').waitFor();
    await reviewed.getByText('上月加班费与实际加班时长不符').waitFor();
    const pending = noticeRows().filter({ hasText: '餐费扣款' });
    await pending.getByText('未审核').waitFor();
    expect(await pending.getByText(/审核意见/).count()).toBe(0);
    expect(await noticeRows().count()).toBe(4);
    await phone.page.getByText('没有更多了').waitFor();
    await screenshot(phone.page, 'my-option');
  });

  it('loads the second page by scrolling, and a pull goes back to page 1', async () => {
    const login = await signIn(phone.context, EMPLOYEE);
    for (let index = 1; index <= ADDED; index += 1) {
      const answer = await api(
        'SystemNotice/ModifyNotice',
        { NoticeType: 'App', NoticeTitle: `测试反馈 ${index}`, NoticeDesc: `第 ${index} 条反馈` },
        login.token,
      );
      expect(answer.result).toBe(true);
    }
    const total = (await api('SystemNotice/GetPersonNotice', { currentPage: 1 }, login.token)).totalCount ?? 0;
    expect(total).toBe(4 + ADDED);

    const requests = recordRequests(phone.page, 'SystemNotice/GetPersonNotice');
    await openSignedIn(phone, EMPLOYEE, '/user/my-option');
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
