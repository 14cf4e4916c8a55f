// /salary/my-salary: pick the previous month or the one before, read that month's payslip. On a phone shared with
// family the amounts stay **** until the worker taps 显示金额 (again on every visit), and the payslip carries the
// worker's name and number as a watermark.
import type { Payslip } from '@ess/contract/salary';
import { Button } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { useCurrentUser } from '../../lib/current-user';
import { usePayslip } from './api/get-person-salary-by-old';
import { GuardedWaterMark } from './components/guarded-water-mark';
import { MonthPicker } from './components/month-picker';
import { PayslipItems } from './components/payslip-items';
import { getPayslipMonthChoices } from './payslip-months';
import './my-salary-page.css';

const PayslipOfMonth = ({ month, children }: { month: string; children: (payslip: Payslip) => JSX.Element }) => {
  const payslip = usePayslip(month);
  if (payslip.isPending) return <LoadingState lines={8} blocks={1} />;
  if (payslip.isError) {
    return <ErrorState error={payslip.error} onRetry={() => void payslip.refetch()} isRetrying={payslip.isFetching} />;
  }
  if (!payslip.data) return <EmptyState title={t.salary.empty} />;
  return children(payslip.data);
};

/** The worker's name and number, once the profile is in. */
const useWaterMarkLines = () => {
  const { data } = useCurrentUser();
  const name = data?.profile.userName ?? '';
  const number = data?.profile.userAccount ?? '';
  return useMemo(() => (number ? [name, number] : []), [name, number]);
};

const MySalaryPage = () => {
  const [months] = useState(() => getPayslipMonthChoices());
  const [month, setMonth] = useState(months[0]);
  const [isAmountShown, setAmountShown] = useState(false);
  const waterMarkLines = useWaterMarkLines();
  return (
    <div className="salary-page">
      <MonthPicker months={months} value={month} onChange={setMonth} />
      <div className="salary-privacy">
        <Button
          size="small"
          fill="outline"
          color="primary"
          aria-pressed={isAmountShown}
          onClick={() => setAmountShown((shown) => !shown)}
        >
          {isAmountShown ? <EyeInvisibleOutline aria-hidden /> : <EyeOutline aria-hidden />}{' '}
          {isAmountShown ? t.salary.hideAmounts : t.salary.showAmounts}
        </Button>
      </div>
      <PayslipOfMonth month={month}>
        {(payslip) => <PayslipItems payslip={payslip} isAmountShown={isAmountShown} />}
      </PayslipOfMonth>
      {waterMarkLines.length > 0 && <GuardedWaterMark lines={waterMarkLines} />}
    </div>
  );
};

export default MySalaryPage;
