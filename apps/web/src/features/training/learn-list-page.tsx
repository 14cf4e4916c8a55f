// /train/learn-list (M02): the caller's study items under their training themes, each saying whether it was
// studied and for how long (a video: the share watched), each opening /train/video-learn.
import type { StudyItem } from '@ess/contract/training';
import { List, Tag } from 'antd-mobile';
import { LinkRow } from '../../components/action-rows';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { useStudyItems } from './api/study';
import './training.css';

export const studyPathOf = (item: StudyItem) =>
  `/train/video-learn?${new URLSearchParams({
    path: item.materialPath,
    id: String(item.id),
    material: String(item.materialId),
    name: item.materialName,
  }).toString()}`;

/** Whether a due date ('yyyy-MM-dd HH:mm' China time) has passed, by the phone's clock. */
const isPast = (dueAt: string) => Date.parse(`${dueAt.replace(' ', 'T')}:00+08:00`) < Date.now();

const describe = (item: StudyItem) => {
  const parts = [item.isRequired ? item.trainTheme : `${t.training.optional} · ${item.trainTheme}`];
  if (item.dueAt) {
    parts.push(!item.isStudied && isPast(item.dueAt) ? t.training.overdue(item.dueAt) : t.training.dueAt(item.dueAt));
  }
  if (item.coverage !== null && item.coverage > 0) parts.push(t.training.watched(Math.floor(item.coverage * 100)));
  if (item.studiedSeconds > 0) parts.push(t.training.studiedTime(item.studiedSeconds));
  return parts.join(' · ');
};

const LearnListPage = () => {
  const items = useStudyItems();
  if (items.isPending) return <LoadingState lines={2} blocks={2} />;
  if (items.isError) return <ErrorState error={items.error} onRetry={() => void items.refetch()} />;
  return (
    <div className="training-page">
      <h2 className="training-header">{t.training.learnHeader}</h2>
      {items.data.length === 0 ? (
        <EmptyState title={t.training.learnEmpty} description={t.training.learnEmptyHint} />
      ) : (
        <List>
          {items.data.map((item) => (
            <LinkRow
              key={item.id}
              to={studyPathOf(item)}
              prefix={<span className="training-kind">{item.isVideo ? t.training.video : t.training.document}</span>}
              description={describe(item)}
              extra={
                item.isStudied ? (
                  <Tag color="success">{t.training.studied}</Tag>
                ) : (
                  <Tag color="default">{t.training.notStudied}</Tag>
                )
              }
            >
              {item.materialName}
            </LinkRow>
          ))}
        </List>
      )}
    </div>
  );
};

export default LearnListPage;
