// SalaryPayslip/GetPersonSalaryByOld: the month rule, the items per EMP_TYPE, amounts from the stored payslip.
import { routes } from '@ess/contract';
import { EMP_TYPES, PAY_ITEMS, PAY_ITEMS_BY_EMP_TYPE, type Payslip, payslipMonths } from '@ess/contract/salary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let employeeToken: string;
/** Months on the Shanghai calendar, as PostgreSQL counts them: offset 0 is the current month. */
let month: (back: number) => string;
beforeAll(async () => {
  t = await createTestContext();
  employeeToken = await t.login('100001');
  const { rows } = await t.database.pool.query<{ back: number; ym: string }>(
    `select b as back, to_char(date_trunc('month', now() at time zone 'Asia/Shanghai') - make_interval(months => b), 'YYYY-MM') as ym
     from generate_series(-12, 12) as b`,
  );
  const months = new Map(rows.map((row) => [row.back, row.ym]));
  month = (back) => months.get(back) ?? '';
});
afterAll(() => t.close());

const askPayslip = (day: unknown, token = employeeToken, extra: Record<string, unknown> = {}) =>
  t.call(routes.getPersonSalaryByOld, { day, ...extra }, token);

/** The stored payslip of an employee, straight from the table: type and every amount. */
const storedPayslip = async (empNo: string, yearMonth: string) => {
  const { rows } = await t.database.pool.query<{ emp_type: string; items: Record<string, number> }>(
    `select p.emp_type, p.items from payslips p join employees e on e.id = p.employee_id
     where e.emp_no = $1 and p.year_month = $2`,
    [empNo, yearMonth],
  );
  return rows[0];
};

const expectedPayslip = async (empNo: string, yearMonth: string): Promise<Payslip> => {
  const stored = await storedPayslip(empNo, yearMonth);
  if (!stored) throw new Error(`no payslip for ${empNo} ${yearMonth}`);
  const empType = stored.emp_type as Payslip['EMP_TYPE'];
  return {
    YEAR_MONTH: yearMonth,
    EMP_TYPE: empType,
    ITEMS: PAY_ITEMS.filter((item) => PAY_ITEMS_BY_EMP_TYPE[empType].includes(item.key)).map((item) => ({
      key: item.key,
      label: item.label,
      amount: Number(stored.items[item.key]),
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
    expect(payslip).toEqual(await expectedPayslip('100001', month(1)));
    expect(payslip.EMP_TYPE).toBe('PS01');
    expect(payslip.ITEMS.map((item) => item.key)).toEqual(PAY_ITEMS.map((item) => item.key));
    const amount = (key: string) => payslip.ITEMS.find((item) => item.key === key)?.amount ?? Number.NaN;
    // Net pay is what the gross leaves after the deductions, as the seed computed it.
    const deductions = ['UNION_FEE', 'LODGING_DEDUCTION', 'SOCIAL_INSURANCE', 'HOUSING_FUND', 'INCOME_TAX', 'OTHERS'];
    expect(amount('NET_PAY')).toBeCloseTo(
      amount('GROSS_PAY') - deductions.reduce((sum, key) => sum + amount(key), 0),
      2,
    );
  });

  it('answers the month before the previous one too', async () => {
    const { body } = await askPayslip(month(2));
    expect(body.result).toBe(true);
    expect(JSON.parse(body.data)).toEqual(await expectedPayslip('100001', month(2)));
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
    const { rows } = await t.database.pool.query<{ emp_no: string; emp_type: string }>(
      `select distinct on (emp_type) emp_no, emp_type from employees order by emp_type, id`,
    );
    expect(rows.map((row) => row.emp_type)).toEqual([...EMP_TYPES]);
    for (const { emp_no: empNo, emp_type: empType } of rows) {
      const { body } = await askPayslip(month(1), await t.login(empNo));
      const payslip = JSON.parse(body.data) as Payslip;
      expect(payslip.EMP_TYPE).toBe(empType);
      expect(payslip.ITEMS.map((item) => item.key)).toEqual(
        PAY_ITEMS.map((item) => item.key).filter((key) =>
          PAY_ITEMS_BY_EMP_TYPE[empType as Payslip['EMP_TYPE']].includes(key),
        ),
      );
      expect(payslip).toEqual(await expectedPayslip(empNo, month(1)));
    }
  });

  it("follows the type printed on that month's payslip, not the employee's current type", async () => {
    const token = await t.login('100003');
    await t.database.pool.query(
      `update payslips set emp_type = 'PS03' where year_month = $1 and employee_id = (select id from employees where emp_no = '100003')`,
      [month(2)],
    );
    const { body } = await askPayslip(month(2), token);
    const payslip = JSON.parse(body.data) as Payslip;
    expect(payslip.EMP_TYPE).toBe('PS03');
    expect(payslip.ITEMS.map((item) => item.key)).toEqual([...PAY_ITEMS_BY_EMP_TYPE.PS03]);
  });

  it('rounds amounts to 2 decimals as decimals, and shows an item missing from the payslip as 0', async () => {
    const token = await t.login('100004');
    await t.database.pool.query(
      `update payslips set items = (items - 'OTHERS') || '{"BASIC_PAY": 1234.565, "ALLOWANCE": 1.005, "REWARD_PENALTY": -50.125}'
       where year_month = $1 and employee_id = (select id from employees where emp_no = '100004')`,
      [month(1)],
    );
    const payslip = JSON.parse((await askPayslip(month(1), token)).body.data) as Payslip;
    const amount = (key: string) => payslip.ITEMS.find((item) => item.key === key)?.amount;
    expect(amount('BASIC_PAY')).toBe(1234.57);
    expect(amount('ALLOWANCE')).toBe(1.01);
    expect(amount('REWARD_PENALTY')).toBe(-50.13);
    expect(amount('OTHERS')).toBe(0);
  });

  it("answers '' with a message when there is no payslip for an allowed month", async () => {
    const token = await t.login('100005');
    await t.database.pool.query(
      `delete from payslips where year_month = $1 and employee_id = (select id from employees where emp_no = '100005')`,
      [month(2)],
    );
    const { status, body } = await askPayslip(month(2), token);
    expect(status).toBe(200);
    expect(body).toEqual({ result: true, msg: '暂无该月工资单', data: '' });
    expect((await askPayslip(month(1), token)).body.data).not.toBe('');
  });

  it("never answers another employee's payslip, whatever empNo the payload carries", async () => {
    const reviewerToken = await t.login('900001');
    const mine = JSON.parse((await askPayslip(month(1), employeeToken, { empNo: '900001' })).body.data);
    const theirs = JSON.parse((await askPayslip(month(1), reviewerToken, { empNo: '100001' })).body.data);
    expect(mine).toEqual(await expectedPayslip('100001', month(1)));
    expect(theirs).toEqual(await expectedPayslip('900001', month(1)));
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
