// /attendance/my-att: the last 3 days, each with its 上班打卡 and 下班打卡 and whether it was punched.
import type { AttRecord } from '@ess/contract/attendance';
import { Tag } from 'antd-mobile';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { getShanghaiToday } from '../../lib/dates';
import { useAttRecords } from './api/get-att-record-by-emp-no';
import { getWeekday } from './weekday';
import './my-att-page.css';

const Punch = ({ label, time }: { label: string; time: string | null }) => (
  <div className="att-punch">
    <span className="att-punch-label">{label}</span>
    <span className="att-punch-time">{time ?? t.attendance.noTime}</span>
    {time ? (
      <Tag color="success" fill="outline">
        {t.attendance.punched}
      </Tag>
    ) : (
      <Tag color="warning" fill="outline">
        {t.attendance.notPunched}
      </Tag>
    )}
  </div>
);

const AttDay = ({ record, isToday }: { record: AttRecord; isToday: boolean }) => (
  <section className="att-day" aria-label={`${record.attTime} ${getWeekday(record.attTime)}`}>
    <h2 className="att-day-title">
      <span>{record.attTime}</span>
      <span className="att-day-weekday">{getWeekday(record.attTime)}</span>
      {isToday && (
        <Tag color="primary" fill="solid" className="att-day-today">
          {t.attendance.today}
        </Tag>
      )}
    </h2>
    <Punch label={t.attendance.punchIn} time={record.attStartTime} />
    <Punch label={t.attendance.punchOut} time={record.attEndTime} />
  </section>
);

const MyAttPage = () => {
  const records = useAttRecords();
  if (records.isPending) return <LoadingState blocks={3} lines={2} />;
  if (records.isError) {
    return <ErrorState error={records.error} onRetry={() => void records.refetch()} isRetrying={records.isFetching} />;
  }
  if (records.data.length === 0) return <EmptyState title={t.attendance.empty} />;
  const today = getShanghaiToday();
  return (
    <div className="att-page">
      <p className="att-hint">{t.attendance.hint}</p>
      {records.data.map((record) => (
        <AttDay key={record.attTime} record={record} isToday={record.attTime === today} />
      ))}
    </div>
  );
};

export default MyAttPage;
