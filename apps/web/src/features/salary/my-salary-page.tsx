// /salary/my-salary: pick the previous month or the one before, read that month's payslip.
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { usePayslip } from './api/get-person-salary-by-old';
import { MonthPicker } from './components/month-picker';
import { PayslipItems } from './components/payslip-items';
import { getPayslipMonthChoices } from './payslip-months';
import './my-salary-page.css';

const PayslipOfMonth = ({ month }: { month: string }) => {
  const payslip = usePayslip(month);
  if (payslip.isPending) return <LoadingState lines={8} blocks={1} />;
  if (payslip.isError) {
    return <ErrorState error={payslip.error} onRetry={() => void payslip.refetch()} isRetrying={payslip.isFetching} />;
  }
  if (!payslip.data) return <EmptyState title={t.salary.empty} />;
  return <PayslipItems payslip={payslip.data} />;
};

const MySalaryPage = () => {
  const [months] = useState(() => getPayslipMonthChoices());
  const [month, setMonth] = useState(months[0]);
  return (
    <div className="salary-page">
      <MonthPicker months={months} value={month} onChange={setMonth} />
      <PayslipOfMonth month={month} />
    </div>
  );
};

export default MySalaryPage;
