// One request: who sent it and when, a warning when the records changed after it was sent, the differences group
// by group, and the decision (通过 with an optional opinion, 驳回 with a reason). After a decision the screen is told
// (onDecided): the phone goes back to the list, the PC selects the next request.
import type { ChangeDetail, ChangeListItem } from '@ess/contract/review';
import { Button, Tag } from 'antd-mobile';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { t } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api-client';
import { whenSheetEntryGone } from '../../../lib/back-to-close';
import { showToast } from '../../../lib/toast';
import { type Decision, useDecideChange } from '../api/decide-change';
import { useChangeDetail } from '../api/get-change-detail';
import { ChangeGroup } from './change-group';
import { ApproveSheet, RejectSheet } from './decision-sheets';

const STATUS_COLORS: Record<ChangeListItem['status'], string> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  withdrawn: 'default',
};

const Meta = ({ change }: { change: ChangeDetail }) => (
  <dl className="review-meta">
    <div>
      <dt>{t.review.employee}</dt>
      <dd>
        {change.empNo} {change.empName}
      </dd>
    </div>
    <div>
      <dt>{t.review.plant}</dt>
      <dd>{change.bu}</dd>
    </div>
    <div>
      <dt>{t.review.department}</dt>
      <dd>{change.deptName}</dd>
    </div>
    <div>
      <dt>{t.review.submitted}</dt>
      <dd>{change.submittedAt}</dd>
    </div>
    {change.status !== 'pending' && (
      <>
        <div>
          <dt>{t.review.decidedBy}</dt>
          <dd>{change.decidedByName ?? t.review.emptyValue}</dd>
        </div>
        <div>
          <dt>{t.review.decided}</dt>
          <dd>{change.decidedAt ?? t.review.emptyValue}</dd>
        </div>
        {change.reason && (
          <div>
            <dt>{change.status === 'rejected' ? t.review.rejectReason : t.review.opinion}</dt>
            <dd>{change.reason}</dd>
          </div>
        )}
      </>
    )}
  </dl>
);

export const StaleWarning = () => (
  <div className="review-stale" role="note">
    <ExclamationTriangleOutline aria-hidden="true" className="review-stale-icon" />
    <div>
      <p className="review-stale-title">{t.review.staleTitle}</p>
      <p className="review-stale-text">{t.review.staleText}</p>
    </div>
  </div>
);

type ChangeDetailViewProps = { id: number; onDecided: () => void };

export const ChangeDetailView = ({ id, onDecided }: ChangeDetailViewProps) => {
  const titleId = useId();
  const detail = useChangeDetail(id);
  const decide = useDecideChange();
  const [sheet, setSheet] = useState<'approve' | 'reject' | null>(null);
  /** Why the last decision was refused (decided by someone else, records changed): the detail is reloaded. */
  const [refusal, setRefusal] = useState<string>();
  const [isDecided, setDecided] = useState(false);
  const onDecidedRef = useRef(onDecided);
  onDecidedRef.current = onDecided;

  useEffect(() => {
    // The sheet has closed; the screen moves on once the sheet's history entry is off (a back would undo it).
    if (isDecided) whenSheetEntryGone(() => onDecidedRef.current());
  }, [isDecided]);

  if (detail.isPending) return <LoadingState />;
  if (!detail.data) {
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} isRetrying={detail.isFetching} />;
  }
  const change = detail.data;

  const submit = (decision: Decision) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: (msg) => {
        setSheet(null);
        setRefusal(undefined);
        setDecided(true);
        void showToast({ content: msg, kind: 'success' });
      },
      onError: (error) => {
        // A network failure keeps the sheet and what was typed in it; a refusal shows the request as it is now.
        if (error instanceof ApiError && error.kind === 'business') {
          setSheet(null);
          setRefusal(error.message);
        }
      },
    });
  };

  return (
    <article className="review-detail" aria-labelledby={titleId}>
      <header className="review-detail-header">
        <h2 className="review-detail-title" id={titleId}>
          {change.title}
        </h2>
        <Tag color={STATUS_COLORS[change.status]}>{t.review.statuses[change.status]}</Tag>
      </header>
      <Meta change={change} />
      {change.isStale && change.status === 'pending' && <StaleWarning />}
      {refusal && <p className="review-refusal">{refusal}</p>}
      {change.groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two groups may share a title (two records added); the order is the server's.
        <ChangeGroup key={index} group={group} />
      ))}
      {change.status === 'pending' && (
        <fieldset className="review-fieldset review-actions-bar">
          <legend className="visually-hidden">{t.review.actions}</legend>
          <div className="review-actions">
            <Button color="danger" fill="outline" onClick={() => setSheet('reject')} aria-haspopup="dialog">
              {t.review.reject}
            </Button>
            <Button color="primary" onClick={() => setSheet('approve')} aria-haspopup="dialog">
              {t.review.approve}
            </Button>
          </div>
        </fieldset>
      )}
      <ApproveSheet
        visible={sheet === 'approve'}
        isPending={decide.isPending}
        onClose={() => setSheet(null)}
        onApprove={(opinion) => submit({ kind: 'approve', id, seenVersions: change.seenVersions, opinion })}
      />
      <RejectSheet
        visible={sheet === 'reject'}
        isPending={decide.isPending}
        onClose={() => setSheet(null)}
        onReject={(reason) => submit({ kind: 'reject', id, reason })}
      />
    </article>
  );
};
