// /paper/paper-list (M11): the caller's exams, each to do or submitted (with its score).
import { List, Tag } from 'antd-mobile';
import { LinkRow } from '../../components/action-rows';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { useExamList } from './api/papers';
import './training.css';

const PaperListPage = () => {
  const exams = useExamList();
  if (exams.isPending) return <LoadingState lines={2} blocks={2} />;
  if (exams.isError) return <ErrorState error={exams.error} onRetry={() => void exams.refetch()} />;
  return (
    <div className="training-page">
      <h2 className="training-header">{t.training.examHeader}</h2>
      {exams.data.length === 0 ? (
        <EmptyState title={t.training.examEmpty} />
      ) : (
        <List>
          {exams.data.map((exam) => (
            <LinkRow
              key={exam.id}
              to={`/paper/paper-detail?Id=${exam.id}`}
              description={exam.score !== null ? t.training.score(exam.score, exam.maxScore) : undefined}
              extra={
                exam.isComplete === 'Y' ? (
                  <Tag color="success">{t.training.submittedTag}</Tag>
                ) : (
                  <Tag color="warning">{t.training.todo}</Tag>
                )
              }
            >
              {exam.testName}
            </LinkRow>
          ))}
        </List>
      )}
    </div>
  );
};

export default PaperListPage;
