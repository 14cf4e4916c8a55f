// One request in the drawer: who sent it and when (and who decided it), a warning when the records changed after it
// was sent, the differences group by group, and while it waits 通过 and 驳回. After a decision the page is told
// (onDecided) and shows the next request; a refusal (decided by someone else, records changed) is shown here with
// the request read again as it is now.
import type { ChangeListItem, ChangeDetail as Detail } from '@ess/contract/review';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/toast';
import { QueryErrorOf } from '../../../components/query-error';
import { plantLabel } from '../../../plant-options';
import { ct } from '../../../texts';
import { type Decision, useDecideChange } from '../api/decide-change';
import { changeDetailQuery } from '../api/get-change-detail';
import { ChangeGroup } from './change-group';
import { type DecisionKind, DecisionModal } from './decision-modal';

const r = ct.review;
/** Solid tags in dark colours: white words on them meet WCAG AA (antd's light presets do not). */
export const STATUS_COLORS: Record<ChangeListItem['status'], string> = {
  pending: '#ad4e00',
  approved: '#237804',
  rejected: '#a8071a',
  withdrawn: 'default',
};

const Meta = ({ change, isNarrow }: { change: Detail; isNarrow: boolean }) => (
  <Descriptions
    size="small"
    column={isNarrow ? 1 : 2}
    style={{ marginBottom: 16 }}
    items={[
      { key: 'emp', label: r.employee, children: `${change.empNo} ${change.empName}` },
      { key: 'bu', label: r.plant, children: plantLabel(change.bu) },
      { key: 'dept', label: r.department, children: change.deptName },
      { key: 'at', label: r.submitted, children: change.submittedAt },
      ...(change.status === 'pending'
        ? []
        : [
            { key: 'by', label: r.decidedBy, children: change.decidedByName ?? r.emptyValue },
            { key: 'on', label: r.decided, children: change.decidedAt ?? r.emptyValue },
            ...(change.reason
              ? [
                  {
                    key: 'why',
                    label: change.status === 'rejected' ? r.rejectReason : r.opinion,
                    children: change.reason,
                  },
                ]
              : []),
          ]),
    ]}
  />
);

export const ChangeDetail = ({ id, isNarrow, onDecided }: { id: number; isNarrow: boolean; onDecided: () => void }) => {
  const detail = useQuery(changeDetailQuery(id));
  const decide = useDecideChange();
  const [modal, setModal] = useState<DecisionKind | null>(null);
  const [refusal, setRefusal] = useState<string>();

  if (detail.isPending) return <Spin />;
  if (!detail.data) {
    return <QueryErrorOf query={detail} />;
  }
  const change = detail.data;
  const submit = (decision: Decision) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: (msg) => {
        setModal(null);
        void showToast({ content: msg, kind: 'success' });
        onDecided();
      },
      onError: (error) => {
        // The MutationCache has told it; a refusal also stays beside the request, shown as it is now. A network
        // failure keeps the dialog and what was typed in it.
        if (error instanceof ApiError && error.kind === 'business') {
          setModal(null);
          setRefusal(error.message);
        }
      },
    });
  };

  return (
    <article aria-label={change.title}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {change.title}
        </Typography.Title>
        <Tag color={STATUS_COLORS[change.status]}>{r.statuses[change.status]}</Tag>
      </Space>
      <Meta change={change} isNarrow={isNarrow} />
      {change.isStale && change.status === 'pending' && (
        <Alert type="warning" showIcon message={r.staleTitle} description={r.staleText} style={{ marginBottom: 12 }} />
      )}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} />}
      {change.groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two groups may share a title (two records added); the order is the server's.
        <ChangeGroup key={index} group={group} isNarrow={isNarrow} />
      ))}
      {change.status === 'pending' && (
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" onClick={() => setModal('approve')}>
            {r.approve}
          </Button>
          <Button danger onClick={() => setModal('reject')}>
            {r.reject}
          </Button>
        </Space>
      )}
      <DecisionModal
        kind={modal}
        isPending={decide.isPending}
        onCancel={() => setModal(null)}
        onSubmit={(text) =>
          modal === 'reject'
            ? submit({ kind: 'reject', id, reason: text })
            : submit({ kind: 'approve', id, seenVersions: change.seenVersions, opinion: text })
        }
      />
    </article>
  );
};
