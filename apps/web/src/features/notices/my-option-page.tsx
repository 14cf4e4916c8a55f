// /user/my-option: the employee's notices (feedback, record changes) with 已审核 / 未审核 and the
// reviewer's opinion, paged.
import type { PersonNotice } from '@ess/contract/notices';
import { List, Tag } from 'antd-mobile';
import { PagedList } from '../../components/paged-list';
import { t } from '../../i18n/zh-CN';
import { usePersonNotices } from './api/get-person-notice';
import './my-option-page.css';

const NoticeItem = ({ notice }: { notice: PersonNotice }) => (
  <List.Item
    className="notice-item"
    description={
      <>
        <span className="notice-body">{notice.noticeBody}</span>
        {notice.messageContent && (
          <span className="notice-opinion">
            {t.myOption.opinion}
            {notice.messageContent}
          </span>
        )}
        <span className="notice-time">{notice.createdAt}</span>
      </>
    }
  >
    <span className="notice-title">
      <span className="notice-title-text">{notice.noticeTitle}</span>
      {notice.isVerify === 'Y' ? (
        <Tag color="success">{t.myOption.verified}</Tag>
      ) : (
        <Tag color="warning">{t.myOption.unverified}</Tag>
      )}
    </span>
  </List.Item>
);

const MyOptionPage = () => {
  const paged = usePersonNotices();
  return (
    <div className="my-option-page">
      <PagedList
        paged={paged}
        label={t.myOption.list}
        emptyTitle={t.myOption.empty}
        getKey={(notice) => notice.id}
        renderItem={(notice) => <NoticeItem notice={notice} />}
      />
    </div>
  );
};

export default MyOptionPage;
