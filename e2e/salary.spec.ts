// /salary/my-salary: the seeded payslips of the previous month and the one before, switched by the picker.
import { describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { monthLabel, openSignedIn, recordRequests, screenshot, waitForStillness, yuan } from './screen-helpers';

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

const phone = usePhone();

const payslipOf = async (token: string, month: string) => {
  const answer = await api<string>('SalaryPayslip/GetPersonSalaryByOld', { day: month }, token);
  expect(answer.result).toBe(true);
  return JSON.parse(answer.data) as Payslip;
};

const netPayOf = (payslip: Payslip) => payslip.ITEMS.find((item) => item.key === 'NET_PAY')?.amount ?? Number.NaN;

describe('salary', () => {
  it('shows the previous month by default with every item of a production payslip, and switches months', async () => {
    const requests = recordRequests(phone.page, 'SalaryPayslip/GetPersonSalaryByOld');
    const login = await openSignedIn(phone, '100001', '/salary/my-salary');
    const [previous, before] = allowedMonths();
    const [first, second] = [await payslipOf(login.token, previous), await payslipOf(login.token, before)];
    expect(first.EMP_TYPE).toBe('PS01');

    const net = phone.page.getByRole('region', { name: '实发工资' });
    await net.getByText(yuan(netPayOf(first))).waitFor();
    await phone.page.getByText(monthLabel(previous)).first().waitFor();
    const rows = await phone.page.locator('.salary-item').allTextContents();
    expect(rows).toEqual(first.ITEMS.map((item) => `${item.label}${yuan(item.amount)}`));
    expect(rows).toHaveLength(13);
    expect(await phone.page.locator('.salary-item-net').textContent()).toBe(`实发工资${yuan(netPayOf(first))}`);
    expect(requests).toEqual([{ day: previous }]);
    await screenshot(phone.page, 'salary');

    await phone.page.getByText('工资月份').click();
    const picker = phone.page.locator('.adm-picker');
    await picker.getByText('选择工资月份').waitFor();
    // The sheet slides in; a tap lands where the item is once it has stopped (the picture waits for that).
    await screenshot(phone.page, 'salary-picker');
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
    expect(await phone.page.locator('.salary-item-net').textContent()).toBe(`实发工资${yuan(netPayOf(second))}`);
    await picker.waitFor({ state: 'hidden' });
    await waitForStillness(phone.page);
    await phone.page.locator('.salary-item-net').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'salary-net-row');
  });

  it('shows only the items of an office payslip (PS02: no overtime, no lodging)', async () => {
    // Seed: colleague g has type PS0(1 + (g / 5) % 4); g = 5 → 100006 is PS02.
    const login = await openSignedIn(phone, '100006', '/salary/my-salary');
    const [previous] = allowedMonths();
    const payslip = await payslipOf(login.token, previous);
    expect(payslip.EMP_TYPE).toBe('PS02');
    await phone.page
      .getByRole('region', { name: '实发工资' })
      .getByText(yuan(netPayOf(payslip)))
      .waitFor();
    const labels = await phone.page.locator('.salary-item .adm-list-item-content-main').allTextContents();
    expect(labels).toEqual(payslip.ITEMS.map((item) => item.label));
    expect(labels).not.toContain('加班费');
    expect(labels).not.toContain('住宿扣款');
  });
});
