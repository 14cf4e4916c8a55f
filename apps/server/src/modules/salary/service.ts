// The caller's payslip for one month: the month rule, then the items the payslip's EMP_TYPE shows.
import {
  EMP_TYPES,
  type EmpType,
  PAY_ITEMS,
  PAY_ITEMS_BY_EMP_TYPE,
  type Payslip,
  payslipMonths,
} from '@ess/contract/salary';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { payslips } from '../../db/schema/index';
import type { Caller } from '../../http/auth';
import { BusinessError } from '../../http/envelope';
import { companyMonth } from '../../lib/calendar';

export const MONTH_NOT_ALLOWED_MESSAGE = '只能查询上月及上上月的工资';
export const NO_PAYSLIP_MESSAGE = '暂无该月工资单';

const isEmpType = (value: string): value is EmpType => (EMP_TYPES as readonly string[]).includes(value);

const toAmount = (value: unknown) => {
  const amount = Number(value ?? 0);
  return Number.isFinite(amount) ? amount : 0;
};

const payslipOfMonth = preparedFor((db) =>
  db
    .select({
      empType: payslips.empType,
      // Rounded as decimals by PostgreSQL: rounding the parsed float would turn 1.005 into 1.
      items: sql<Record<string, unknown>>`(select coalesce(jsonb_object_agg(key, round(value::numeric, 2)), '{}')
        from jsonb_each(${payslips.items}) where jsonb_typeof(value) = 'number')`,
    })
    .from(payslips)
    .where(
      and(eq(payslips.employeeId, sql.placeholder('employeeId')), eq(payslips.yearMonth, sql.placeholder('month'))),
    )
    .prepare('payslip_of_month'),
);

export const getPayslip = async ({
  db,
  caller,
  month,
  currentMonth = companyMonth(),
}: {
  db: Db;
  caller: Caller;
  month: string;
  currentMonth?: string;
}): Promise<Payslip | undefined> => {
  if (!payslipMonths(currentMonth).includes(month)) throw new BusinessError(MONTH_NOT_ALLOWED_MESSAGE);
  const [row] = await payslipOfMonth(db).execute({ employeeId: caller.id, month });
  if (!row) return undefined;
  // The type printed on that month's payslip decides, not today's: an employee may have changed type since.
  const empType = row.empType.trim();
  if (!isEmpType(empType)) throw new BusinessError('工资单类型异常,请联系人事部门');
  const shown = new Set<string>(PAY_ITEMS_BY_EMP_TYPE[empType]);
  return {
    YEAR_MONTH: month,
    EMP_TYPE: empType,
    ITEMS: PAY_ITEMS.filter((item) => shown.has(item.key)).map((item) => ({
      key: item.key,
      label: item.label,
      amount: toAmount(row.items[item.key]),
    })),
  };
};
