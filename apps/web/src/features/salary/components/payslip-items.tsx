// A payslip as a worker reads one: net pay on a card, then the earnings up to gross pay, the deductions,
// and net pay last. The groups come from the contract's item table; within a group the answer's order holds.
import { getPayItemGroup, type Payslip } from '@ess/contract/salary';
import { List } from 'antd-mobile';
import { t } from '../../../i18n/zh-CN';
import { formatMonth } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';

type PayItem = Payslip['ITEMS'][number];

const PayItemRow = ({ item, isNet = false }: { item: PayItem; isNet?: boolean }) => (
  <List.Item
    className={isNet ? 'salary-item salary-item-net' : 'salary-item'}
    extra={<span className="salary-item-amount">{formatMoney(item.amount)}</span>}
  >
    {item.label}
  </List.Item>
);

export const PayslipItems = ({ payslip }: { payslip: Payslip }) => {
  const earnings = payslip.ITEMS.filter((item) => getPayItemGroup(item.key) === 'earning');
  // An item the contract does not list (none today) still shows, after the deductions.
  const deductions = payslip.ITEMS.filter((item) => {
    const group = getPayItemGroup(item.key);
    return group !== 'earning' && group !== 'net';
  });
  const netPay = payslip.ITEMS.find((item) => getPayItemGroup(item.key) === 'net');
  return (
    <>
      {netPay && (
        <section className="salary-net" aria-label={t.salary.netPay}>
          <p className="salary-net-label">
            {formatMonth(payslip.YEAR_MONTH)} {netPay.label}
          </p>
          <p className="salary-net-amount">{formatMoney(netPay.amount)}</p>
        </section>
      )}
      {earnings.length > 0 && (
        <List header={t.salary.earnings} className="salary-items">
          {earnings.map((item) => (
            <PayItemRow key={item.key} item={item} />
          ))}
        </List>
      )}
      {deductions.length > 0 && (
        <List header={t.salary.deductions} className="salary-items">
          {deductions.map((item) => (
            <PayItemRow key={item.key} item={item} />
          ))}
        </List>
      )}
      {netPay && (
        <List className="salary-items">
          <PayItemRow item={netPay} isNet />
        </List>
      )}
    </>
  );
};
