import { PAY_ITEMS, PAY_ITEMS_BY_EMP_TYPE, type Payslip } from '@ess/contract/salary';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import MySalaryPage from './my-salary-page';
import { getPayslipMonthChoices } from './payslip-months';

const SALARY_PATH = 'SalaryPayslip/GetPersonSalaryByOld';
/** Behind the route gate, which has the signed-in worker in the cache. */
const currentUser = makeCurrentUser();

const officePayslip = (month: string): Payslip => {
  const amounts: Record<string, number> = {
    BASIC_PAY: 4500,
    ATTENDANCE_PAY: 200,
    ALLOWANCE: 350.5,
    REWARD_PENALTY: -50,
    GROSS_PAY: 5000.5,
    UNION_FEE: 22.5,
    SOCIAL_INSURANCE: 472.5,
    HOUSING_FUND: 315,
    INCOME_TAX: 0.02,
    NET_PAY: 4190.48,
    OTHERS: 0,
  };
  const shown = new Set<string>(PAY_ITEMS_BY_EMP_TYPE.PS02);
  const labels = new Map<string, string>(PAY_ITEMS.map((item) => [item.key, item.label]));
  // In the order above, with 其他 after 实发工资 (as an older server answered): the screen groups them.
  return {
    YEAR_MONTH: month,
    EMP_TYPE: 'PS02',
    ITEMS: Object.entries(amounts)
      .filter(([key]) => shown.has(key))
      .map(([key, amount]) => ({ key, label: labels.get(key) ?? key, amount })),
  };
};

beforeEach(() => {
  // Only the clock is fake: 2025-01-15 10:00 in Shanghai, so the months are 2024-12 and 2024-11.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-01-15T02:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('getPayslipMonthChoices', () => {
  it('is the previous month and the one before on the Shanghai calendar', () => {
    expect(getPayslipMonthChoices(new Date('2025-01-15T02:00:00Z'))).toEqual(['2024-12', '2024-11']);
    // 16:30 UTC on 28 February is already 1 March in Shanghai.
    expect(getPayslipMonthChoices(new Date('2025-02-28T16:30:00Z'))).toEqual(['2025-02', '2025-01']);
    expect(getPayslipMonthChoices(new Date('2025-02-28T15:30:00Z'))).toEqual(['2025-01', '2024-12']);
  });
});

describe('MySalaryPage', () => {
  it('shows the previous month by default: earnings up to gross, then deductions, then net pay last', async () => {
    const { calls } = fakeServer({ [SALARY_PATH]: (body) => ok(JSON.stringify(officePayslip(String(body.day)))) });
    renderScreen(<MySalaryPage />, { currentUser });
    expect(screen.getByText('2024年12月')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '显示金额' }));

    const rowsUnder = (header: HTMLElement) =>
      [...(header.closest('.adm-list') as HTMLElement).querySelectorAll('.salary-item')].map((row) => row.textContent);
    const earnings = await screen.findByText('应发项目');
    expect(calls.map((call) => call.body)).toEqual([{ day: '2024-12' }]);
    expect(rowsUnder(earnings)).toEqual([
      '基本工资¥4,500.00',
      '全勤奖¥200.00',
      '津贴补贴¥350.50',
      '奖惩-¥50.00',
      '应发工资¥5,000.50',
    ]);
    expect(rowsUnder(screen.getByText('扣款项目'))).toEqual([
      '工会费¥22.50',
      '社会保险¥472.50',
      '住房公积金¥315.00',
      '个人所得税¥0.02',
      '其他¥0.00',
    ]);
    const rows = [...document.querySelectorAll('.salary-item')].map((row) => row.textContent);
    expect(rows.at(-1)).toBe('实发工资¥4,190.48');
    expect(document.querySelector('.salary-item-net')?.textContent).toBe('实发工资¥4,190.48');
    const net = screen.getByRole('region', { name: '实发工资' });
    expect(within(net).getByText('¥4,190.48')).toBeInTheDocument();
  });

  it('offers exactly the two allowed months and switches to the one picked', async () => {
    const { calls } = fakeServer({
      [SALARY_PATH]: (body) => ok(body.day === '2024-12' ? JSON.stringify(officePayslip('2024-12')) : ''),
    });
    // The picker's popup is still animating in (pointer-events: none) when jsdom clicks it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(<MySalaryPage />, { currentUser });
    await screen.findByText('应发项目');

    await user.click(screen.getByText('工资月份'));
    await screen.findByText('选择工资月份');
    const options = [...document.querySelectorAll('.adm-picker-view-column-item')].map((item) => item.textContent);
    expect(options).toEqual(['2024年12月', '2024年11月']);

    // The wheel's own buttons for screen readers and keyboards.
    await user.click(screen.getByRole('button', { name: '选择下一项：2024年11月' }));
    await user.click(screen.getByText('确定'));

    expect(await screen.findByText('暂无该月工资单')).toBeInTheDocument();
    expect(calls.map((call) => call.body.day)).toEqual(['2024-12', '2024-11']);
    expect(screen.getByText('2024年11月', { selector: '.salary-month-value' })).toBeInTheDocument();
  });

  it('shows the server message of a refusal with 重试', async () => {
    let attempts = 0;
    fakeServer({
      [SALARY_PATH]: () => {
        attempts += 1;
        return attempts === 1 ? fail('工资单类型异常，请联系人事部门') : ok(JSON.stringify(officePayslip('2024-12')));
      },
    });
    const user = userEvent.setup();
    renderScreen(<MySalaryPage />, { currentUser });
    await user.click(screen.getByRole('button', { name: '显示金额' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('工资单类型异常，请联系人事部门');
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByText('¥4,190.48', { selector: '.salary-net-amount' })).toBeInTheDocument());
  });

  it('keeps every amount **** until 显示金额 is tapped, and hides them again on 隐藏金额', async () => {
    fakeServer({ [SALARY_PATH]: (body) => ok(JSON.stringify(officePayslip(String(body.day)))) });
    const user = userEvent.setup();
    renderScreen(<MySalaryPage />, { currentUser });
    await screen.findByText('应发项目');
    const amounts = () => [...document.querySelectorAll('.salary-item-amount, .salary-net-amount')];
    expect(amounts().length).toBeGreaterThan(5);
    expect(amounts().every((amount) => amount.textContent === '****')).toBe(true);
    expect(document.body.textContent).not.toMatch(/¥/);
    expect(screen.getByRole('region', { name: '实发工资' })).toContainElement(
      screen.getAllByRole('img', { name: '金额已隐藏' })[0] as HTMLElement,
    );

    const show = screen.getByRole('button', { name: '显示金额' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(within(screen.getByRole('region', { name: '实发工资' })).getByText('¥4,190.48')).toBeInTheDocument();
    expect(amounts().some((amount) => amount.textContent === '****')).toBe(false);

    const hide = screen.getByRole('button', { name: '隐藏金额' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(amounts().every((amount) => amount.textContent === '****')).toBe(true);
  });
});
