// /logistics/person-stay: an employee's dormitory costs, paged by scrolling, under the reference-only notice.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { monthLabel, openSignedIn, recordRequests, screenshot, scrollToEnd, scrollUntil, yuan } from './screen-helpers';
import { type MadeEmployee, makeDormitoryCosts, makeEmployee, shanghaiMonth, useTestData } from './test-data';

type DormitoryCost = { yearMonth: string; waterCost: number; tariffCost: number; accommodationCost: number };

const phone = usePhone();
const data = useTestData();

/** 24 months of costs, newest first, in pages of 10. */
const MONTHS = Array.from({ length: 24 }, (_, monthsAgo) => ({
  month: shanghaiMonth(monthsAgo + 1),
  water: 18.5 + monthsAgo,
  tariff: 1234.8 - monthsAgo * 10,
  accommodation: 120,
}));
let resident: MadeEmployee;
let commuter: MadeEmployee;

beforeAll(async () => {
  resident = await makeEmployee(data.database, { name: '住宿员工' });
  await makeDormitoryCosts(data.database, resident, MONTHS);
  commuter = await makeEmployee(data.database, { name: '走读员工', empType: 'PS02' });
});

const monthRows = () => phone.page.locator('.stay-month');

describe('dormitory costs', () => {
  it('shows the notice and the costs of each month, loading the rest by scrolling', async () => {
    const requests = recordRequests(phone.page, 'LogisticsDormitory/GetDormitoryCostForMobile');
    const login = await openSignedIn(phone, resident, '/logistics/person-stay');
    const first = await api<DormitoryCost[]>(
      'LogisticsDormitory/GetDormitoryCostForMobile',
      { query: { CurrentPage: 1 } },
      login.token,
    );
    expect(first.totalCount).toBe(24);
    expect(first.data).toEqual(
      MONTHS.slice(0, 10).map(({ month, water, tariff, accommodation }) => ({
        yearMonth: month,
        waterCost: water,
        tariffCost: tariff,
        accommodationCost: accommodation,
      })),
    );

    await phone.page.getByText('系统数据仅供参考，可能与实际扣款存在差异，如有疑问请咨询总务').waitFor();
    const row = monthRows().first();
    await row.getByText(monthLabel(shanghaiMonth(1))).waitFor();
    for (const [label, amount] of [
      ['水费', 18.5],
      ['电费', 1234.8],
      ['住宿费', 120],
    ] as const) {
      expect(await row.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent()).toBe(
        yuan(amount),
      );
    }
    await screenshot(phone.page, 'person-stay');

    await scrollUntil(phone.page, async () => (await monthRows().count()) === 24);
    await scrollToEnd(phone.page);
    await phone.page.getByText('没有更多了').waitFor();
    expect(requests.map((body) => (body.query as { CurrentPage: number }).CurrentPage)).toEqual([1, 2, 3]);
    await monthRows()
      .last()
      .getByText(monthLabel(shanghaiMonth(24)))
      .waitFor();
  });

  it('shows the empty state to an office employee without dormitory costs', async () => {
    await openSignedIn(phone, commuter, '/logistics/person-stay');
    await phone.page.getByText('暂无住宿费用记录').waitFor();
    await screenshot(phone.page, 'person-stay-empty');
  });
});
