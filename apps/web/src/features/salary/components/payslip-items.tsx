// A payslip as a worker reads one: net pay on a card, then the earnings up to gross pay, the deductions,
// and net pay last. The groups come from the contract's item table; within a group the answer's order holds.
import { getPayItemGroup, type Payslip } from '@ess/contract/salary';
import { List } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { t } from '../../../i18n/zh-CN';
import { formatMonth } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { AskDialog, ConfirmBar, LineQuestions, useReceiptActions } from './payslip-receipt';

type PayItem = Payslip['ITEMS'][number];

/** An amount, or **** while the worker has not tapped 显示金额 (a shared phone, someone looking over a shoulder). */
export const Amount = ({ amount, isShown, className }: { amount: number; isShown: boolean; className: string }) =>
  isShown ? (
    <span className={className}>{formatMoney(amount)}</span>
  ) : (
    <span className={className} role="img" aria-label={t.salary.hiddenAmountLabel}>
      {t.salary.hiddenAmount}
    </span>
  );

const PayItemRow = ({
  item,
  isNet = false,
  isAmountShown,
  below,
}: {
  item: PayItem;
  isNet?: boolean;
  isAmountShown: boolean;
  below?: ReactNode;
}) => (
  <List.Item
    className={isNet ? 'salary-item salary-item-net' : 'salary-item'}
    extra={<Amount amount={item.amount} isShown={isAmountShown} className="salary-item-amount" />}
    description={below}
  >
    {item.label}
  </List.Item>
);

export const PayslipItems = ({ payslip, isAmountShown }: { payslip: Payslip; isAmountShown: boolean }) => {
  const receipt = payslip.RECEIPT;
  const { confirm, ask } = useReceiptActions(payslip.YEAR_MONTH);
  const [asking, setAsking] = useState<PayItem | undefined>();
  // On a published payslip each line has 有疑问 and shows what was asked on it.
  const belowOf = (item: PayItem) =>
    receipt && (
      <>
        <LineQuestions receipt={receipt} itemKey={item.key} />
        <button type="button" className="salary-ask" onClick={() => setAsking(item)}>
          {t.salary.ask}
        </button>
      </>
    );
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
          <p>
            <Amount amount={netPay.amount} isShown={isAmountShown} className="salary-net-amount" />
          </p>
        </section>
      )}
      {earnings.length > 0 && (
        <List header={t.salary.earnings} className="salary-items">
          {earnings.map((item) => (
            <PayItemRow key={item.key} item={item} isAmountShown={isAmountShown} below={belowOf(item)} />
          ))}
        </List>
      )}
      {deductions.length > 0 && (
        <List header={t.salary.deductions} className="salary-items">
          {deductions.map((item) => (
            <PayItemRow key={item.key} item={item} isAmountShown={isAmountShown} below={belowOf(item)} />
          ))}
        </List>
      )}
      {netPay && (
        <List className="salary-items">
          <PayItemRow item={netPay} isNet isAmountShown={isAmountShown} below={belowOf(netPay)} />
        </List>
      )}
      {receipt && (
        <ConfirmBar
          receipt={receipt}
          labelOf={(itemKey) => payslip.ITEMS.find((item) => item.key === itemKey)?.label ?? itemKey}
          onConfirm={(settlesQuestions) => confirm.mutate(settlesQuestions)}
          isPending={confirm.isPending}
        />
      )}
      {asking && (
        <AskDialog
          label={asking.label}
          onClose={() => setAsking(undefined)}
          onSubmit={(question) => ask.mutateAsync({ itemKey: asking.key, question })}
        />
      )}
    </>
  );
};
