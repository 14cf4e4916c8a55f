// /logistics/person-stay: the seeded dormitory costs, paged by scrolling, under the reference-only notice.
import { describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { monthLabel, openSignedIn, recordRequests, screenshot, scrollToEnd, scrollUntil, yuan } from './screen-helpers';

type DormitoryCost = { yearMonth: string; waterCost: number; tariffCost: number; accommodationCost: number };

const phone = usePhone();

const monthRows = () => phone.page.locator('.stay-month');

describe('dormitory costs', () => {
  it('shows the notice and the costs of each month, loading the rest by scrolling', async () => {
    const requests = recordRequests(phone.page, 'LogisticsDormitory/GetDormitoryCostForMobile');
    const login = await openSignedIn(phone, '100001', '/logistics/person-stay');
    const first = await api<DormitoryCost[]>(
      'LogisticsDormitory/GetDormitoryCostForMobile',
      { query: { CurrentPage: 1 } },
      login.token,
    );
    // Seed: production staff (100001 is PS01) have 24 months of costs.
    expect(first.totalCount).toBe(24);

    await phone.page.getByText('系统数据仅供参考，可能与实际扣款存在差异，如有疑问请咨询总务').waitFor();
    const [newest] = first.data;
    if (!newest) throw new Error('no dormitory cost seeded');
    const row = monthRows().first();
    await row.getByText(monthLabel(newest.yearMonth)).waitFor();
    for (const [label, amount] of [
      ['水费', newest.waterCost],
      ['电费', newest.tariffCost],
      ['住宿费', newest.accommodationCost],
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
  });

  it('shows the empty state to an office employee without dormitory costs', async () => {
    // Seed: only PS01 and PS03 staff have costs; colleague g = 5 (100006) is PS02.
    await openSignedIn(phone, '100006', '/logistics/person-stay');
    await phone.page.getByText('暂无住宿费用记录').waitFor();
    await screenshot(phone.page, 'person-stay-empty');
  });
});
