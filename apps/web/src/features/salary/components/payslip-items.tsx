// A payslip's items in the order the answer lists them, with net pay set apart.
import type { Payslip } from '@ess/contract/salary';
import { List } from 'antd-mobile';
import { t } from '../../../i18n/zh-CN';
import { formatMoney } from '../../../lib/money';

const NET_PAY_KEY = 'NET_PAY';

export const PayslipItems = ({ payslip }: { payslip: Payslip }) => {
  const netPay = payslip.ITEMS.find((item) => item.key === NET_PAY_KEY);
  return (
    <>
      {netPay && (
        <section className="salary-net" aria-label={t.salary.netPay}>
          <p className="salary-net-label">
            {t.salary.monthLabel(payslip.YEAR_MONTH)} {netPay.label}
          </p>
          <p className="salary-net-amount">{formatMoney(netPay.amount)}</p>
        </section>
      )}
      <List header={t.salary.items} className="salary-items">
        {payslip.ITEMS.map((item) => (
          <List.Item
            key={item.key}
            className={item.key === NET_PAY_KEY ? 'salary-item salary-item-net' : 'salary-item'}
            extra={<span className="salary-item-amount">{formatMoney(item.amount)}</span>}
          >
            {item.label}
          </List.Item>
        ))}
      </List>
    </>
  );
};
