// A one-column antd-mobile Picker over the allowed payslip months, opened from a list row.
import { List, Picker } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ButtonRow } from '../../../components/action-rows';
import { t } from '../../../i18n/zh-CN';
import { formatMonth } from '../../../lib/dates';

type MonthPickerProps = { months: readonly string[]; value: string; onChange: (month: string) => void };

export const MonthPicker = ({ months, value, onChange }: MonthPickerProps) => {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <List className="salary-month">
        <ButtonRow
          prefix={<CalendarOutline />}
          extra={<span className="salary-month-value">{formatMonth(value)}</span>}
          description={t.salary.monthHint}
          onClick={() => setOpen(true)}
          hasPopup="dialog"
        >
          {t.salary.month}
        </ButtonRow>
      </List>
      <Picker
        visible={isOpen}
        title={t.salary.pickMonth}
        confirmText={t.common.confirm}
        cancelText={t.common.cancel}
        columns={[months.map((month) => ({ label: formatMonth(month), value: month }))]}
        value={[value]}
        onClose={() => setOpen(false)}
        onConfirm={([picked]) => {
          if (typeof picked === 'string') onChange(picked);
        }}
      />
    </>
  );
};
