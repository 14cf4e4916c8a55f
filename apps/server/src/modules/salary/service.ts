// The caller's payslip for one month: the month rule, then the items the payslip's EMP_TYPE shows.
import {
  EMP_TYPES,
  type EmpType,
  PAY_ITEMS,
  PAY_ITEMS_BY_EMP_TYPE,
  type Payslip,
  payslipMonths,
} from '@ess/contract/salary';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { keptPayslips, payslipBatches, payslips } from '../../db/schema/index';
import { companyMonth } from '../../lib/calendar';
import { toAmount } from '../../lib/money';

export const NO_PAYSLIP_MESSAGE = '暂无该月工资单';

const isEmpType = (value: string): value is EmpType => (EMP_TYPES as readonly string[]).includes(value);

// A payslip imported from the HR console shows only while its batch is published (payslip-batches module).
const payslipOfMonth = preparedFor((db) =>
  db
    .select({
      empType: payslips.empType,
      items: payslips.items,
      batchId: payslips.batchId,
      version: payslipBatches.version,
    })
    .from(payslips)
    .leftJoin(payslipBatches, eq(payslipBatches.id, payslips.batchId))
    .where(
      and(
        eq(payslips.employeeId, sql.placeholder('employeeId')),
        eq(payslips.yearMonth, sql.placeholder('month')),
        or(isNull(payslips.batchId), eq(payslipBatches.status, 'published')),
      ),
    )
    .prepare('payslip_of_month'),
);

const keptPayslipOfMonth = preparedFor((db) =>
  db
    .select({ empType: keptPayslips.empType, items: keptPayslips.items })
    .from(keptPayslips)
    .where(
      and(
        eq(keptPayslips.employeeId, sql.placeholder('employeeId')),
        eq(keptPayslips.yearMonth, sql.placeholder('month')),
      ),
    )
    .prepare('kept_payslip_of_month'),
);

/** The items of a payslip row as its EMP_TYPE shows them (also HR's preview of a draft). */
export const payslipOf = (month: string, row: { empType: string; items: Record<string, number> }): Payslip => {
  const empType = row.empType.trim();
  if (!isEmpType(empType)) throw new BusinessError('PAYSLIP_TYPE_INVALID');
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

/** Called with a published batch's payslip: records the first read, answers the confirmation and questions. */
export type ReceiptReader = (input: {
  batchId: number;
  version: number;
  employeeId: number;
}) => Promise<NonNullable<Payslip['RECEIPT']>>;

export const getPayslip = async ({
  db,
  caller,
  month,
  currentMonth = companyMonth(),
  readReceipt,
}: {
  db: Db;
  caller: Caller;
  month: string;
  currentMonth?: string;
  readReceipt?: ReceiptReader;
}): Promise<Payslip | undefined> => {
  if (!payslipMonths(currentMonth).includes(month)) throw new BusinessError('PAYSLIP_MONTH_NOT_ALLOWED');
  const [row] = await payslipOfMonth(db).execute({ employeeId: caller.id, month });
  if (!row) {
    // A payslip they had, replaced by an import whose version is not published yet: still theirs to see.
    const [kept] = await keptPayslipOfMonth(db).execute({ employeeId: caller.id, month });
    return kept ? payslipOf(month, kept) : undefined;
  }
  // The type printed on that month's payslip decides, not today's: an employee may have changed type since.
  const payslip = payslipOf(month, row);
  if (row.batchId !== null && row.version !== null && readReceipt) {
    payslip.RECEIPT = await readReceipt({ batchId: row.batchId, version: row.version, employeeId: caller.id });
  }
  return payslip;
};
