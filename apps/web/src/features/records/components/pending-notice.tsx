// The banner of a record whose edit waits for review: editing is off until HR decides (the server refuses a
// second edit anyway).
import { NoticeBar } from 'antd-mobile';
import { t } from '../../../i18n/zh-CN';

export const PendingNotice = ({ submittedAt }: { submittedAt?: string }) => (
  <NoticeBar
    className="records-pending-notice"
    color="alert"
    wrap
    content={
      <span>
        {t.records.pendingNotice}
        {submittedAt && <span className="records-pending-time">{t.records.pendingSince(submittedAt)}</span>}
      </span>
    }
  />
);
