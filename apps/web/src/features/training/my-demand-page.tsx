// /user/my-demand (M09): the caller's surveys; 填写 opens one still to fill in, 已完成 is not clickable.
import { List } from 'antd-mobile';
import { useEffect } from 'react';
import { LinkRow } from '../../components/action-rows';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { ApiError, describeError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useSurveyList } from './api/papers';
import './training.css';

const MyDemandPage = () => {
  const surveys = useSurveyList();
  // SPEC §8: the server's refusal (result false) of the survey list is a toast as well as the page's state.
  const refusal = surveys.error instanceof ApiError && surveys.error.kind === 'business' ? surveys.error : undefined;
  useEffect(() => {
    if (refusal) void showToast({ content: describeError(refusal), kind: 'fail' });
  }, [refusal]);
  if (surveys.isPending) return <LoadingState lines={2} blocks={2} />;
  if (surveys.isError) return <ErrorState error={surveys.error} onRetry={() => void surveys.refetch()} />;
  return (
    <div className="training-page">
      <h2 className="training-header">{t.training.surveyHeader}</h2>
      {surveys.data.length === 0 ? (
        <EmptyState title={t.training.surveyEmpty} />
      ) : (
        <List>
          {surveys.data.map((survey) =>
            survey.isComplete === 'N' ? (
              <LinkRow
                key={survey.id}
                to={`/user/demand-detail?Id=${survey.id}`}
                extra={<span className="training-action">{t.training.fillIn}</span>}
              >
                {survey.demandTitle}
              </LinkRow>
            ) : (
              <List.Item key={survey.id} extra={<span className="training-done">{t.training.completed}</span>}>
                {survey.demandTitle}
              </List.Item>
            ),
          )}
        </List>
      )}
    </div>
  );
};

export default MyDemandPage;
