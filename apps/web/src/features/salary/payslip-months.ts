// The months the salary screen offers: the previous month and the one before, on the Shanghai calendar.
import { payslipMonths } from '@ess/contract/salary';
import { getShanghaiToday } from '../../lib/dates';

/** [previous month, the one before], newest first; the first is the default. */
export const getPayslipMonthChoices = (now: Date = new Date()): [string, string] =>
  payslipMonths(getShanghaiToday(now).slice(0, 7));
