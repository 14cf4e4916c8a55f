// Payslips: which pay items each employee type shows, and the month rule.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, yearMonth } from './common';
import { jsonTextOf } from './json-text';

/**
 * What an item is on the payslip: earnings (up to gross pay, their total), deductions, or net pay, which
 * is gross pay less every deduction. 其他 (OTHERS) is a deduction: net pay subtracts it.
 */
export type PayItemGroup = 'earning' | 'deduction' | 'net';

/** Every pay item in payslip order: earnings, deductions, net pay last. */
/**
 * A question on a payslip line: open until HR answers it, or settled by the employee who confirmed the payslip
 * without waiting for the answer.
 */
export const DISPUTE_STATUSES = ['open', 'answered', 'settled'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const PAY_ITEMS = [
  { key: 'BASIC_PAY', label: '基本工资', group: 'earning' },
  { key: 'OVERTIME_PAY', label: '加班费', group: 'earning' },
  { key: 'ATTENDANCE_PAY', label: '全勤奖', group: 'earning' },
  { key: 'ALLOWANCE', label: '津贴补贴', group: 'earning' },
  { key: 'REWARD_PENALTY', label: '奖惩', group: 'earning' },
  { key: 'GROSS_PAY', label: '应发工资', group: 'earning' },
  { key: 'UNION_FEE', label: '工会费', group: 'deduction' },
  { key: 'LODGING_DEDUCTION', label: '住宿扣款', group: 'deduction' },
  { key: 'SOCIAL_INSURANCE', label: '社会保险', group: 'deduction' },
  { key: 'HOUSING_FUND', label: '住房公积金', group: 'deduction' },
  { key: 'INCOME_TAX', label: '个人所得税', group: 'deduction' },
  { key: 'OTHERS', label: '其他', group: 'deduction' },
  { key: 'NET_PAY', label: '实发工资', group: 'net' },
] as const satisfies readonly { key: string; label: string; group: PayItemGroup }[];
export type PayItemKey = (typeof PAY_ITEMS)[number]['key'];

const GROUP_BY_KEY = new Map<string, PayItemGroup>(PAY_ITEMS.map((item) => [item.key, item.group]));
/** The group of an item key; undefined for a key the contract does not list. */
export const getPayItemGroup = (key: string): PayItemGroup | undefined => GROUP_BY_KEY.get(key);

export const EMP_TYPES = ['PS01', 'PS02', 'PS03', 'PS04'] as const;
export type EmpType = (typeof EMP_TYPES)[number];

const ALL_ITEMS = PAY_ITEMS.map((item) => item.key);
const without = (...keys: PayItemKey[]) => ALL_ITEMS.filter((key) => !keys.includes(key));

/** Which pay items a payslip shows, by EMP_TYPE (DESIGN.md §4). */
export const PAY_ITEMS_BY_EMP_TYPE: Record<EmpType, readonly PayItemKey[]> = {
  PS01: ALL_ITEMS, // production: every item
  PS02: without('OVERTIME_PAY', 'LODGING_DEDUCTION'), // office
  PS03: ['BASIC_PAY', 'OVERTIME_PAY', 'ALLOWANCE', 'GROSS_PAY', 'LODGING_DEDUCTION', 'INCOME_TAX', 'NET_PAY'], // dispatched / intern
  PS04: without('OVERTIME_PAY', 'ATTENDANCE_PAY'), // management
};

export const EMP_TYPE_LABELS: Record<EmpType, string> = {
  PS01: '生产人员',
  PS02: '办公室人员',
  PS03: '派遣/实习人员',
  PS04: '管理人员',
};

/** The payslip as the data JSON string carries it: only the items its EMP_TYPE shows. */
export const payslip = z.object({
  YEAR_MONTH: z.string(),
  EMP_TYPE: z.enum(EMP_TYPES),
  ITEMS: z.array(z.object({ key: z.string(), label: z.string(), amount: z.number() })),
  /**
   * Beyond the spec: a payslip HR published from the console carries its confirmation (确认无误) and the questions
   * asked on its lines (有疑问) with HR's answers. Absent on payslips loaded otherwise.
   */
  RECEIPT: z
    .object({
      CONFIRMED_AT: z.string().nullable(),
      DISPUTES: z.array(
        z.object({
          ITEM_KEY: z.string(),
          QUESTION: z.string(),
          ANSWER: z.string(),
          STATUS: z.enum(DISPUTE_STATUSES),
        }),
      ),
    })
    .optional(),
});
export type Payslip = z.infer<typeof payslip>;

/** The months a payslip may be read for: the previous month and the one before (Asia/Shanghai). */
export const payslipMonths = (currentMonth: string): [string, string] => {
  const [year, month] = currentMonth.split('-').map(Number) as [number, number];
  const shift = (back: number) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  return [shift(1), shift(2)];
};

export const salaryRoutes = {
  getPersonSalaryByOld: defineRoute(ADDRESSES.getPersonSalaryByOld, {
    request: z.object({ day: yearMonth, empNo: z.unknown().optional() }),
    /** JSON text of a Payslip, or '' when there is none for the month. */
    data: jsonTextOf(payslip, { orEmpty: true }),
  }),
};
