// /salary/my-salary: an employee's payslips of the previous month and the one before, switched by the picker.
import { PAY_ITEMS } from '@ess/contract/salary';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import {
  monthLabel,
  openSignedIn,
  recordRequests,
  screenshot,
  showPayslipAmounts,
  waitForStillness,
  yuan,
} from './screen-helpers';
import { type MadeEmployee, makeEmployee, makePayslip, payslipItems, shanghaiMonth, useTestData } from './test-data';

type Payslip = { YEAR_MONTH: string; EMP_TYPE: string; ITEMS: { key: string; label: string; amount: number }[] };

const phone = usePhone();
const data = useTestData();

/** The previous month and the one before, in Shanghai, the two months the screen offers. */
const PREVIOUS = shanghaiMonth(1);
const BEFORE = shanghaiMonth(2);
/** Gross 4,606.25, deductions 694.06: net 3,912.19. */
const PREVIOUS_ITEMS = payslipItems({ BASIC_PAY: 3200, OVERTIME_PAY: 906.25 });
/** Gross 3,950.00, deductions 694.06: net 3,255.94. */
const BEFORE_ITEMS = payslipItems({ BASIC_PAY: 3000, OVERTIME_PAY: 450 });
/** An office payslip, gross 5,000.00, deductions 574.06: net 4,425.94 (a PS02 payslip has no overtime, no lodging). */
const OFFICE_ITEMS = payslipItems({ BASIC_PAY: 4500, OVERTIME_PAY: 0, LODGING_DEDUCTION: 0 });
const OFFICE_LABELS = [
  '基本工资',
  '全勤奖',
  '津贴补贴',
  '奖惩',
  '应发工资',
  '工会费',
  '社会保险',
  '住房公积金',
  '个人所得税',
  '其他',
  '实发工资',
];

let production: MadeEmployee;
let office: MadeEmployee;

beforeAll(async () => {
  production = await makeEmployee(data.database, { name: '生产员工', empType: 'PS01' });
  await makePayslip(data.database, production, { month: PREVIOUS, items: PREVIOUS_ITEMS });
  await makePayslip(data.database, production, { month: BEFORE, items: BEFORE_ITEMS });
  office = await makeEmployee(data.database, { name: '办公室员工', empType: 'PS02' });
  await makePayslip(data.database, office, { month: PREVIOUS, items: OFFICE_ITEMS });
});

const payslipOf = async (token: string, month: string) => {
  const answer = await api<string>('SalaryPayslip/GetPersonSalaryByOld', { day: month }, token);
  expect(answer.result).toBe(true);
  return JSON.parse(answer.data) as Payslip;
};

const netPayOf = (payslip: Payslip) => payslip.ITEMS.find((item) => item.key === 'NET_PAY')?.amount ?? Number.NaN;

describe('salary', () => {
  it('shows the previous month by default with every item of a production payslip, and switches months', async () => {
    const requests = recordRequests(phone.page, 'SalaryPayslip/GetPersonSalaryByOld');
    const login = await openSignedIn(phone, production, '/salary/my-salary');
    const [previous, before] = [PREVIOUS, BEFORE];
    const [first, second] = [await payslipOf(login.token, previous), await payslipOf(login.token, before)];
    expect(first.EMP_TYPE).toBe('PS01');
    expect(netPayOf(first)).toBe(3912.19);
    expect(netPayOf(second)).toBe(3255.94);

    const net = phone.page.getByRole('region', { name: '实发工资' });
    await showPayslipAmounts(phone.page);
    await net.getByText(yuan(3912.19)).waitFor();
    await phone.page.getByText(monthLabel(previous)).first().waitFor();
    const rows = await phone.page.locator('.salary-item').allTextContents();
    // Every item of a production payslip, in the contract's order, with the amounts made.
    expect(rows).toEqual(PAY_ITEMS.map(({ key, label }) => `${label}${yuan(PREVIOUS_ITEMS[key])}`));
    expect(rows).toHaveLength(13);
    expect(await phone.page.locator('.salary-item-net').textContent()).toBe(`实发工资${yuan(3912.19)}`);
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
    await net.getByText(yuan(3255.94)).waitFor();
    expect(requests).toEqual([{ day: previous }, { day: before }]);
    expect(await phone.page.locator('.salary-item-net').textContent()).toBe(`实发工资${yuan(3255.94)}`);
    await picker.waitFor({ state: 'hidden' });
    await waitForStillness(phone.page);
    await phone.page.locator('.salary-item-net').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'salary-net-row');
  });

  it('shows only the items of an office payslip (PS02: no overtime, no lodging)', async () => {
    const login = await openSignedIn(phone, office, '/salary/my-salary');
    const payslip = await payslipOf(login.token, PREVIOUS);
    expect(payslip.EMP_TYPE).toBe('PS02');
    expect(netPayOf(payslip)).toBe(4425.94);
    await showPayslipAmounts(phone.page);
    await phone.page.getByRole('region', { name: '实发工资' }).getByText(yuan(4425.94)).waitFor();
    const labels = await phone.page.locator('.salary-item .adm-list-item-content-main').allTextContents();
    expect(labels).toEqual(OFFICE_LABELS);
    expect(payslip.ITEMS.map((item) => item.label)).toEqual(OFFICE_LABELS);
    expect(labels).not.toContain('加班费');
    expect(labels).not.toContain('住宿扣款');
  });

  it('keeps the amounts **** until 显示金额, and watermarks the payslip with the name and number for good', async () => {
    await openSignedIn(phone, production, '/salary/my-salary');
    const net = phone.page.getByRole('region', { name: '实发工资' });
    await net.getByText('****').waitFor();
    await phone.page.locator('.salary-item').first().waitFor();
    expect(await phone.page.locator('.salary-page').textContent()).not.toContain('¥');
    const amounts = await phone.page.locator('.salary-item-amount').allTextContents();
    expect(amounts.length).toBe(13);
    expect(new Set(amounts)).toEqual(new Set(['****']));

    // Drawn over the whole payslip, taps going through it.
    const mark = phone.page.locator('.salary-water-mark > .adm-water-mark');
    const isDrawn = async () =>
      mark.evaluate((node) => {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        const page = (document.querySelector('.salary-page') as HTMLElement).getBoundingClientRect();
        return (
          style.backgroundImage.startsWith('url("data:image/png') &&
          style.display !== 'none' &&
          style.visibility !== 'hidden' &&
          Number(style.opacity) > 0 &&
          style.pointerEvents === 'none' &&
          box.height >= page.height - 1 &&
          box.width >= page.width - 1
        );
      });
    await expect.poll(isDrawn).toBe(true);
    await screenshot(phone.page, 'salary-hidden');

    await phone.page.getByRole('button', { name: '显示金额' }).click();
    await net.getByText(yuan(3912.19)).waitFor();
    await screenshot(phone.page, 'salary-shown-watermarked');

    // Taken off the page, hidden or blanked by hand: it is back at once.
    await phone.page.evaluate(() => document.querySelector('.salary-water-mark')?.remove());
    await expect.poll(isDrawn).toBe(true);
    await phone.page.evaluate(() => document.querySelector('.salary-water-mark > .adm-water-mark')?.remove());
    await expect.poll(isDrawn).toBe(true);
    await phone.page.evaluate(() => {
      const node = document.querySelector('.salary-water-mark > .adm-water-mark') as HTMLElement;
      node.style.display = 'none';
    });
    await expect.poll(isDrawn).toBe(true);
    await phone.page.evaluate(() => {
      const node = document.querySelector('.salary-water-mark') as HTMLElement;
      node.setAttribute('hidden', '');
      node.style.opacity = '0';
    });
    await expect.poll(isDrawn).toBe(true);
    expect(await phone.page.locator('.salary-water-mark').evaluate((node) => node.hasAttribute('hidden'))).toBe(false);

    // Leaving the page takes it away for good; coming back hides the amounts again.
    await phone.page.goBack();
    await phone.page.locator('.salary-water-mark').waitFor({ state: 'detached' });
    await phone.page.goForward();
    await net.getByText('****').waitFor();
  });
});
