// /logistics/meals: an employee's meal months, paged by scrolling, back to page 1 by pulling, with a month's lines.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import {
  monthLabel,
  nextFrame,
  openSignedIn,
  pullDown,
  recordRequests,
  requestsSoFar,
  screenshot,
  scrollToEnd,
  scrollToTop,
  scrollUntil,
  yuan,
} from './screen-helpers';
import {
  type MadeEmployee,
  makeEmployee,
  makeMealDetails,
  makeMealMonths,
  shanghaiMonth,
  useTestData,
} from './test-data';

type MealMonth = { YEAR_MONTH: string; DEDUCTION_AMT: number };
type MealLine = { COST_TIME: string; COST_AMOUNT: number; SUBSIDY_AMOUNT: number };

const phone = usePhone();
const data = useTestData();

/** 24 months, two of them without a deduction (the list leaves those out): 22 rows, in pages of 10. */
const MONTHS = Array.from({ length: 24 }, (_, monthsAgo) => ({
  month: shanghaiMonth(monthsAgo + 1),
  deduction: monthsAgo === 5 || monthsAgo === 11 ? 0 : 150 + monthsAgo * 7.5,
}));
let worker: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '餐费员工' });
  await makeMealMonths(data.database, worker, MONTHS);
  const second = MONTHS[1]?.month as string;
  await makeMealDetails(data.database, worker, [
    { at: `${second}-03 07:31`, cost: 6, subsidy: 2 },
    { at: `${second}-03 11:45`, cost: 15.5, subsidy: 5 },
    { at: `${second}-04 18:02`, cost: 12, subsidy: 0 },
  ]);
});

const monthRows = () => phone.page.locator('.meal-month');

describe('meals', () => {
  it('pages by scrolling until every month is loaded, and a pull goes back to page 1', async () => {
    const requests = recordRequests(phone.page, 'LogisticsMeals/GetMeals');
    const login = await openSignedIn(phone, worker, '/logistics/meals');
    const first = await api<string>('LogisticsMeals/GetMeals', { query: { CurrentPage: 1 } }, login.token);
    const total = first.totalCount ?? 0;
    const firstPage = JSON.parse(first.data) as MealMonth[];
    expect(total).toBe(22);

    const [newest] = firstPage;
    if (!newest) throw new Error('no meal month seeded');
    await monthRows().first().getByText(monthLabel(newest.YEAR_MONTH)).waitFor();
    await monthRows().first().getByText(yuan(newest.DEDUCTION_AMT)).waitFor();
    await screenshot(phone.page, 'meals');
    expect(await monthRows().count()).toBeLessThan(total);

    await scrollUntil(phone.page, async () => (await monthRows().count()) === total);
    await phone.page.getByText('没有更多了').waitFor();
    const pages = () => requests.map((body) => (body.query as { CurrentPage: number }).CurrentPage);
    expect(pages()).toEqual([1, 2, 3]);
    await scrollToEnd(phone.page);
    await screenshot(phone.page, 'meals-end');

    await scrollToTop(phone.page);
    const before = requests.length;
    await pullDown(phone.page, monthRows().first());
    await phone.page.getByText('刷新成功').waitFor();
    // The pull asked for phone.page 1 alone; whatever follows is the list paging on again from there.
    expect(pages()[before]).toBe(1);
    await expect.poll(async () => monthRows().count()).toBeLessThan(total);
    expect(pages().slice(before)).not.toContain(3);
  });

  it('toasts a failed page and stops there; 重试 asks again once', async () => {
    const requests = recordRequests(phone.page, 'LogisticsMeals/GetMeals');
    let isBroken = true;
    await phone.page.route('**/api/LogisticsMeals/GetMeals', async (route) => {
      const page2 = (route.request().postDataJSON() as { query: { CurrentPage: number } }).query.CurrentPage === 2;
      if (page2 && isBroken)
        await route.fulfill({ json: { result: false, msg: '餐费系统维护中，请稍后再试', data: '' } });
      else await route.continue();
    });
    await openSignedIn(phone, worker, '/logistics/meals');
    await phone.page.getByText('餐费系统维护中，请稍后再试').waitFor();
    await phone.page.getByRole('button', { name: '重试' }).waitFor();
    const pages = () => requests.map((body) => (body.query as { CurrentPage: number }).CurrentPage);
    await scrollToEnd(phone.page);
    await nextFrame(phone.page);
    await phone.page.waitForLoadState('networkidle');
    await requestsSoFar(phone.page);
    expect(pages()).toEqual([1, 2]);
    expect(await monthRows().count()).toBe(10);
    await screenshot(phone.page, 'meals-page-error');

    isBroken = false;
    await phone.page.getByRole('button', { name: '重试' }).click();
    await expect.poll(async () => monthRows().count()).toBe(20);
    expect(pages().slice(0, 3)).toEqual([1, 2, 2]);
  });

  it('opens a month with its lines: cost, subsidy and 实扣 = cost − subsidy', async () => {
    const login = await openSignedIn(phone, worker, '/logistics/meals');
    const months = JSON.parse(
      (await api<string>('LogisticsMeals/GetMeals', { query: { CurrentPage: 1 } }, login.token)).data,
    ) as MealMonth[];
    const month = months[1]?.YEAR_MONTH ?? '';
    const lines = JSON.parse(
      (await api<string>('LogisticsMeals/GetMealsDetail', { date: month }, login.token)).data,
    ) as MealLine[];
    expect(lines).toHaveLength(3);

    await monthRows()
      .filter({ hasText: monthLabel(month) })
      .click();
    const sheet = phone.page.getByRole('dialog', { name: `${monthLabel(month)} 消费明细` });
    await sheet.getByText(lines[0]?.COST_TIME ?? '').waitFor();
    const actual = await sheet.locator('.meal-line-actual').allTextContents();
    expect(actual).toEqual(
      lines.map((line) => `实扣${yuan(Math.round(line.COST_AMOUNT * 100 - line.SUBSIDY_AMOUNT * 100) / 100)}`),
    );
    expect(actual).toContain(`实扣${yuan(10.5)}`);
    await sheet.getByText(`消费 ${yuan(15.5)} · 补贴 ${yuan(5)}`).waitFor();
    await screenshot(phone.page, 'meals-detail');
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'detached' });
  });
});
