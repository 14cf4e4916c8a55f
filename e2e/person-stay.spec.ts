// /logistics/person-stay: the seeded dormitory costs, paged by scrolling, under the reference-only notice.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, launchBrowser, newPhone } from './harness';
import { closePhone, openSignedIn, recordRequests, screenshot, scrollToEnd, scrollUntil, yuan } from './screen-helpers';

type DormitoryCost = { yearMonth: string; waterCost: number; tariffCost: number; accommodationCost: number };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  ({ context, page } = await newPhone(browser));
});
afterEach((test) => closePhone(test, { context, page }));

const monthRows = () => page.locator('.stay-month');

describe('dormitory costs', () => {
  it('shows the notice and the costs of each month, loading the rest by scrolling', async () => {
    const requests = recordRequests(page, 'LogisticsDormitory/GetDormitoryCostForMobile');
    const login = await openSignedIn({ context, page }, '100001', '/logistics/person-stay');
    const first = await api<DormitoryCost[]>(
      'LogisticsDormitory/GetDormitoryCostForMobile',
      { query: { CurrentPage: 1 } },
      login.token,
    );
    // Seed: production staff (100001 is PS01) have 24 months of costs.
    expect(first.totalCount).toBe(24);

    await page.getByText('系统数据仅供参考,可能与实际扣款存在差异,如有疑问请咨询总务').waitFor();
    const [newest] = first.data;
    if (!newest) throw new Error('no dormitory cost seeded');
    const row = monthRows().first();
    await row.getByText(newest.yearMonth).waitFor();
    for (const [label, amount] of [
      ['水费', newest.waterCost],
      ['电费', newest.tariffCost],
      ['住宿费', newest.accommodationCost],
    ] as const) {
      expect(await row.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent()).toBe(
        yuan(amount),
      );
    }
    await screenshot(page, 'person-stay');

    await scrollUntil(page, async () => (await monthRows().count()) === 24);
    await scrollToEnd(page);
    await page.getByText('没有更多了').waitFor();
    expect(requests.map((body) => (body.query as { CurrentPage: number }).CurrentPage)).toEqual([1, 2, 3]);
  });

  it('shows the empty state to an office employee without dormitory costs', async () => {
    // Seed: only PS01 and PS03 staff have costs; colleague g = 5 (100006) is PS02.
    await openSignedIn({ context, page }, '100006', '/logistics/person-stay');
    await page.getByText('暂无住宿费用记录').waitFor();
    await screenshot(page, 'person-stay-empty');
  });
});
