// /review/change-detail?id=… (reviewers, on a phone): one request and the decision; afterwards back to the list.
// On a wide window the request opens beside the list instead.
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { REVIEW_LIST_PATH } from '../../lib/review-paths';
import { ChangeDetailView } from './components/change-detail-view';
import { type FromListState, listSearch, readId } from './review-search';
import { useWideLayout } from './use-wide-layout';
import './review.css';

const ChangeDetailPage = () => {
  const isWide = useWideLayout();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const id = readId(params);

  if (id === undefined) {
    return (
      <div className="page-center">
        <EmptyState title={t.review.invalidId} />
      </div>
    );
  }
  if (isWide) {
    return <Navigate to={`${REVIEW_LIST_PATH}${listSearch({ status: 'pending', bu: '', kind: '' }, id)}`} replace />;
  }

  const backToList = () => {
    // Back to the list as it was left (filters, scroll position); a request opened from elsewhere goes to the list.
    if ((location.state as FromListState | null)?.isFromList) navigate(-1);
    else navigate(REVIEW_LIST_PATH, { replace: true });
  };

  return (
    <div className="review-detail-page">
      <ChangeDetailView key={id} id={id} onDecided={backToList} />
    </div>
  );
};

export default ChangeDetailPage;
