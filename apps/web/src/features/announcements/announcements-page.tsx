// /user/announcements: HR's notices to the employee (公告), the 须确认 ones not acknowledged yet on top; a tap opens
// the whole notice. Every state is said in words; the colour only repeats them.
import type { MyAnnouncement } from '@ess/contract/announcements';
import { List, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { PagedList } from '../../components/paged-list';
import { t } from '../../i18n/zh-CN';
import { useMyAnnouncements } from './api/get-my-announcements';
import './announcements.css';

const StateTag = ({ notice }: { notice: MyAnnouncement }) => {
  if (notice.mustAcknowledge && !notice.isAcknowledged)
    return <Tag color="danger">{t.announcements.mustAcknowledge}</Tag>;
  if (notice.mustAcknowledge) return <Tag color="success">{t.announcements.acknowledged}</Tag>;
  if (!notice.isRead) return <Tag color="primary">{t.announcements.unread}</Tag>;
  return null;
};

const AnnouncementItem = ({ notice }: { notice: MyAnnouncement }) => {
  const navigate = useNavigate();
  return (
    <List.Item
      className={`announcement-item${notice.isRead ? '' : ' is-unread'}`}
      onClick={() => navigate(`/user/announcement-detail?id=${notice.id}`)}
      description={
        <>
          <span className="announcement-excerpt">{notice.excerpt}</span>
          <span className="announcement-time">
            {notice.publishedAt}
            {notice.hasAttachment && <span className="announcement-attachment">{t.announcements.attachment}</span>}
          </span>
        </>
      }
    >
      <span className="announcement-title">
        <span className="announcement-title-text">{notice.title}</span>
        <StateTag notice={notice} />
      </span>
    </List.Item>
  );
};

const AnnouncementsPage = () => {
  const paged = useMyAnnouncements();
  return (
    <div className="announcements-page">
      <PagedList
        paged={paged}
        label={t.announcements.list}
        emptyTitle={t.announcements.empty}
        getKey={(notice) => notice.id}
        renderItem={(notice) => <AnnouncementItem notice={notice} />}
      />
    </div>
  );
};

export default AnnouncementsPage;
