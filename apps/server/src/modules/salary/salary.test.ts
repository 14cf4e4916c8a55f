// SalaryPayslip/GetPersonSalaryByOld: the month rule, the items per EMP_TYPE, amounts from the stored payslip.
import { routes } from '@ess/contract';
import { EMP_TYPES, PAY_ITEMS, PAY_ITEMS_BY_EMP_TYPE, type Payslip, payslipMonths } from '@ess/contract/salary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACTORY_PASSWORD_HASH,
  type MadeEmployee,
  makeEmployee,
  makePayslip,
  shanghaiMonth as month,
  payslipItems,
} from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

type MadePayslip = Awaited<ReturnType<typeof makePayslip>>;

let t: TestContext;
const signIn = (made: MadeEmployee) => t.login(made.empNo, FACTORY_PASSWORD_HASH);

let employee: MadeEmployee;
let employeeToken: string;
/** The employee's payslips of the previous month and the one before, the two that may be read. */
let lastMonth: MadePayslip;
let monthBefore: MadePayslip;
beforeAll(async () => {
  t = await createTestContext();
  employee = await makeEmployee(t.database);
  lastMonth = await makePayslip(t.database, employee, { month: month(1) });
  monthBefore = await makePayslip(t.database, employee, {
    month: month(2),
    items: payslipItems({ OVERTIME_PAY: 640.25, OTHERS: 0 }),
  });
  // Payslips of months that may not be read, so refusing them is the month rule and not a missing row.
  for (const back of [0, 3, 12]) await makePayslip(t.database, employee, { month: month(back) });
  employeeToken = await signIn(employee);
});
afterAll(() => t.close());

const askPayslip = (day: unknown, token = employeeToken, extra: Record<string, unknown> = {}) =>
  t.call(routes.getPersonSalaryByOld, { day, ...extra }, token);

/** The payslip as the call must show it: the items of its type, in the pay item order, amounts as made. */
const shownPayslip = ({ yearMonth, empType, items }: MadePayslip): Payslip => {
  const type = empType as Payslip['EMP_TYPE'];
  return {
    YEAR_MONTH: yearMonth,
    EMP_TYPE: type,
    ITEMS: PAY_ITEMS.filter((item) => PAY_ITEMS_BY_EMP_TYPE[type].includes(item.key)).map((item) => ({
      key: item.key,
      label: item.label,
      amount: Number(items[item.key]),
    })),
  };
};

describe('SalaryPayslip/GetPersonSalaryByOld', () => {
  it("answers the caller's payslip of the previous month as a JSON string with every PS01 item", async () => {
    const { status, body } = await askPayslip(month(1));
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    expect(typeof body.data).toBe('string');
    const payslip = JSON.parse(body.data) as Payslip;
    expect(payslip).toEqual(shownPayslip(lastMonth));
    expect(payslip.EMP_TYPE).toBe('PS01');
    expect(payslip.ITEMS.map((item) => item.key)).toEqual(PAY_ITEMS.map((item) => item.key));
    const amount = (key: string) => payslip.ITEMS.find((item) => item.key === key)?.amount ?? Number.NaN;
    // Net pay is what the gross leaves after the deductions, as the payslip was made.
    const deductions = ['UNION_FEE', 'LODGING_DEDUCTION', 'SOCIAL_INSURANCE', 'HOUSING_FUND', 'INCOME_TAX', 'OTHERS'];
    expect(amount('NET_PAY')).toBeCloseTo(
      amount('GROSS_PAY') - deductions.reduce((sum, key) => sum + amount(key), 0),
      2,
    );
  });

  it('answers the month before the previous one too', async () => {
    const { body } = await askPayslip(month(2));
    expect(body.result).toBe(true);
    expect(JSON.parse(body.data)).toEqual(shownPayslip(monthBefore));
  });

  it.each([
    ['the current month', 0],
    ['three months ago', 3],
    ['a year ago', 12],
    ['next month', -1],
    ['next year', -12],
  ])('refuses %s', async (_name, back) => {
    const { status, body } = await askPayslip(month(back));
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: '只能查询上月及上上月的工资', data: null });
  });

  it.each([['2024-13'], ['2024-1'], ['202401'], [202401], [''], [null], [{ year: 2024 }]])(
    'refuses the month %j with the expected format',
    async (day) => {
      const { status, body } = await askPayslip(day);
      expect(status).toBe(200);
      expect(body).toEqual({ result: false, msg: '月份格式应为 yyyy-MM', data: null });
    },
  );

  it('refuses a request without a month', async () => {
    const { body } = await t.call(routes.getPersonSalaryByOld, {}, employeeToken);
    expect(body).toMatchObject({ result: false, msg: '月份格式应为 yyyy-MM' });
  });

  it('shows only the items of each EMP_TYPE, in the pay item order', async () => {
    for (const empType of EMP_TYPES) {
      const typed = await makeEmployee(t.database, { empType });
      const made = await makePayslip(t.database, typed, { month: month(1) });
      const { body } = await askPayslip(month(1), await signIn(typed));
      const payslip = JSON.parse(body.data) as Payslip;
      expect(payslip.EMP_TYPE).toBe(empType);
      expect(payslip.ITEMS.map((item) => item.key)).toEqual(
        PAY_ITEMS.map((item) => item.key).filter((key) => PAY_ITEMS_BY_EMP_TYPE[empType].includes(key)),
      );
      expect(payslip).toEqual(shownPayslip(made));
    }
  });

  it("follows the type printed on that month's payslip, not the employee's current type", async () => {
    const promoted = await makeEmployee(t.database, { empType: 'PS01' });
    await makePayslip(t.database, promoted, { month: month(2), empType: 'PS03' });
    const { body } = await askPayslip(month(2), await signIn(promoted));
    const payslip = JSON.parse(body.data) as Payslip;
    expect(payslip.EMP_TYPE).toBe('PS03');
    expect(payslip.ITEMS.map((item) => item.key)).toEqual([...PAY_ITEMS_BY_EMP_TYPE.PS03]);
  });

  it('rounds amounts to 2 decimals as decimals, and shows an item missing from the payslip as 0', async () => {
    const odd = await makeEmployee(t.database);
    const { OTHERS: _missing, ...items } = payslipItems({
      BASIC_PAY: 1234.565,
      ALLOWANCE: 1.005,
      REWARD_PENALTY: -50.125,
    });
    await makePayslip(t.database, odd, { month: month(1), items });
    const payslip = JSON.parse((await askPayslip(month(1), await signIn(odd))).body.data) as Payslip;
    const amount = (key: string) => payslip.ITEMS.find((item) => item.key === key)?.amount;
    expect(amount('BASIC_PAY')).toBe(1234.57);
    expect(amount('ALLOWANCE')).toBe(1.01);
    expect(amount('REWARD_PENALTY')).toBe(-50.13);
    expect(amount('OTHERS')).toBe(0);
  });

  it("answers '' with a message when there is no payslip for an allowed month", async () => {
    const newcomer = await makeEmployee(t.database);
    await makePayslip(t.database, newcomer, { month: month(1) });
    const token = await signIn(newcomer);
    const { status, body } = await askPayslip(month(2), token);
    expect(status).toBe(200);
    expect(body).toEqual({ result: true, msg: '暂无该月工资单', data: '' });
    expect((await askPayslip(month(1), token)).body.data).not.toBe('');
  });

  it("never answers another employee's payslip, whatever empNo the payload carries", async () => {
    const manager = await makeEmployee(t.database, { empType: 'PS04' });
    const managers = await makePayslip(t.database, manager, {
      month: month(1),
      items: payslipItems({ BASIC_PAY: 5200, ALLOWANCE: 800, HOUSING_FUND: 364 }),
    });
    const mine = JSON.parse((await askPayslip(month(1), employeeToken, { empNo: manager.empNo })).body.data);
    const theirs = JSON.parse((await askPayslip(month(1), await signIn(manager), { empNo: employee.empNo })).body.data);
    expect(mine).toEqual(shownPayslip(lastMonth));
    expect(theirs).toEqual(shownPayslip(managers));
    expect(theirs.EMP_TYPE).toBe('PS04');
    expect(mine).not.toEqual(theirs);
  });
});

describe('payslipMonths', () => {
  it('answers the previous month and the one before, across a year end', () => {
    expect(payslipMonths('2025-03')).toEqual(['2025-02', '2025-01']);
    expect(payslipMonths('2025-02')).toEqual(['2025-01', '2024-12']);
    expect(payslipMonths('2025-01')).toEqual(['2024-12', '2024-11']);
  });
});
