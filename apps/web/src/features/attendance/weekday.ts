// The weekday of a yyyy-MM-dd calendar date, independent of the phone's time zone.
import { t } from '../../i18n/zh-CN';

export const getWeekday = (date: string): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return t.attendance.weekdays[index] ?? '';
};
