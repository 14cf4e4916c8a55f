// /salary/my-salary: the seeded payslips of the previous month and the one before, switched by the picker.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, launchBrowser, newPhone } from './harness';
import { closePhone, openSignedIn, recordRequests, screenshot, yuan } from './screen-helpers';

type Payslip = { YEAR_MONTH: string; EMP_TYPE: string; ITEMS: { key: string; label: string; amount: number }[] };

/** The previous month and the one before, in Shanghai, as the server computes them. */
const allowedMonths = () => {
  const today = new Date(Date.now() + 8 * 3600_000);
  const index = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const month = (back: number) => {
    const at = index - back;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  };
  return [month(1), month(2)] as const;
};
const monthLabel = (month: string) => `${month.slice(0, 4)}年${month.slice(5, 7)}月`;

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

const payslipOf = async (token: string, month: string) => {
  const answer = await api<string>('SalaryPayslip/GetPersonSalaryByOld', { day: month }, token);
  expect(answer.result).toBe(true);
  return JSON.parse(answer.data) as Payslip;
};

const netPayOf = (payslip: Payslip) => payslip.ITEMS.find((item) => item.key === 'NET_PAY')?.amount ?? Number.NaN;

describe('salary', () => {
  it('shows the previous month by default with every item of a production payslip, and switches months', async () => {
    const requests = recordRequests(page, 'SalaryPayslip/GetPersonSalaryByOld');
    const login = await openSignedIn({ context, page }, '100001', '/salary/my-salary');
    const [previous, before] = allowedMonths();
    const [first, second] = [await payslipOf(login.token, previous), await payslipOf(login.token, before)];
    expect(first.EMP_TYPE).toBe('PS01');

    const net = page.getByRole('region', { name: '实发工资' });
    await net.getByText(yuan(netPayOf(first))).waitFor();
    await page.getByText(monthLabel(previous)).first().waitFor();
    const rows = await page.locator('.salary-item').allTextContents();
    expect(rows).toEqual(first.ITEMS.map((item) => `${item.label}${yuan(item.amount)}`));
    expect(rows).toHaveLength(13);
    expect(await page.locator('.salary-item-net').textContent()).toBe(`实发工资${yuan(netPayOf(first))}`);
    expect(requests).toEqual([{ day: previous }]);
    await screenshot(page, 'salary');

    await page.getByText('工资月份').click();
    const picker = page.locator('.adm-picker');
    await picker.getByText('选择工资月份').waitFor();
    // The sheet slides in; a tap lands where the item is once it has stopped.
    await page.waitForTimeout(500);
    await screenshot(page, 'salary-picker');
    expect(await picker.locator('.adm-picker-view-column-item').allTextContents()).toEqual([
      monthLabel(previous),
      monthLabel(before),
    ]);
    await picker.locator('.adm-picker-view-column-item', { hasText: monthLabel(before) }).tap();
    await picker.locator('.adm-picker-view-column-item-active', { hasText: monthLabel(before) }).waitFor();
    await picker.getByText('确定').tap();

    await net.getByText(`${monthLabel(before)} 实发工资`).waitFor();
    await net.getByText(yuan(netPayOf(second))).waitFor();
    expect(requests).toEqual([{ day: previous }, { day: before }]);
    expect(await page.locator('.salary-item-net').textContent()).toBe(`实发工资${yuan(netPayOf(second))}`);
    await picker.waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    await page.locator('.salary-item-net').scrollIntoViewIfNeeded();
    await screenshot(page, 'salary-net-row');
  });

  it('shows only the items of an office payslip (PS02: no overtime, no lodging)', async () => {
    // Seed: colleague g has type PS0(1 + (g / 5) % 4); g = 5 → 100006 is PS02.
    const login = await openSignedIn({ context, page }, '100006', '/salary/my-salary');
    const [previous] = allowedMonths();
    const payslip = await payslipOf(login.token, previous);
    expect(payslip.EMP_TYPE).toBe('PS02');
    await page
      .getByRole('region', { name: '实发工资' })
      .getByText(yuan(netPayOf(payslip)))
      .waitFor();
    const labels = await page.locator('.salary-item .adm-list-item-content-main').allTextContents();
    expect(labels).toEqual(payslip.ITEMS.map((item) => item.label));
    expect(labels).not.toContain('加班费');
    expect(labels).not.toContain('住宿扣款');
  });
});
