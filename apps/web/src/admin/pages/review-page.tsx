// 资料审核 (role AppVerify): the change requests of one status in a table with the number waiting, kept fresh by the
// pushes (lib/realtime.ts invalidates the review keys); a request opens in a drawer with its differences field by
// field (old struck out → new, scans as pictures opening full size) and, while waiting, 通过 and 驳回 (with a
// reason). The calls, keys and words are the employee app's review feature's (features/review), not written again.
import type { ChangeDetail, ChangeField, ChangeGroup, ChangeListItem, ReviewStatus } from '@ess/contract/review';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Modal,
  Result,
  Segmented,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { type Decision, useDecideChange } from '../../features/review/api/decide-change';
import { useChangeDetail } from '../../features/review/api/get-change-detail';
import { CHANGE_PAGE_SIZE, type ChangeFilter, getChangeList } from '../../features/review/api/get-change-list';
import { kindText } from '../../features/review/kind-text';
import { t } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api-client';
import { pendingReviewCountQuery } from '../../lib/pending-review-count';
import { queryKeys } from '../../lib/query-keys';
import { showToast } from '../../lib/toast';

const r = t.review;
const STATUSES: ReviewStatus[] = ['pending', 'approved', 'rejected'];
const STATUS_COLORS: Record<ChangeListItem['status'], string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
};
const GROUP_COLORS: Record<ChangeGroup['change'], string> = {
  added: 'green',
  removed: 'red',
  changed: 'blue',
  unchanged: 'default',
};

/** A scan shown small, opening full size on a click; a file no browser draws becomes a link that opens it. */
const FileValue = ({ path, name }: { path: string; name: string }) => {
  const [isPicture, setPicture] = useState(true);
  if (!isPicture) {
    return (
      <a href={path} target="_blank" rel="noopener noreferrer" aria-label={r.openFileLabel(name)}>
        {r.openFile}
      </a>
    );
  }
  return (
    <Image
      src={path}
      alt={name}
      width={160}
      style={{ maxHeight: 120, objectFit: 'contain' }}
      onError={() => setPicture(false)}
      preview={{ mask: r.enlarge(name) }}
    />
  );
};

const Value = ({ field, side }: { field: ChangeField; side: 'before' | 'after' }) => {
  const value = field[side];
  if (value === null || value === '') return <Typography.Text type="secondary">{r.emptyValue}</Typography.Text>;
  if (field.isFile)
    return <FileValue path={value} name={side === 'before' ? r.sideBefore(field.label) : r.sideAfter(field.label)} />;
  return <>{value}</>;
};

/** One field: unchanged as it is; changed as the old value struck out → the new one. */
export const FieldDiff = ({ field }: { field: ChangeField }) => {
  if (!field.isChanged) return <Value field={field} side="after" />;
  return (
    <Space wrap size={8} align="center">
      <del className="review-old" style={{ color: '#b42318', background: '#fef3f2' }}>
        <Value field={field} side="before" />
      </del>
      <span aria-hidden="true">→</span>
      <ins className="review-new" style={{ color: '#067647', background: '#ecfdf3', textDecoration: 'none' }}>
        <Value field={field} side="after" />
      </ins>
      <Tag color="blue">{r.changed}</Tag>
    </Space>
  );
};

const GroupCard = ({ group }: { group: ChangeGroup }) => (
  <Card
    size="small"
    className="review-group"
    title={
      <Space>
        <span>{group.title}</span>
        <Tag color={GROUP_COLORS[group.change]}>{r.groupChanges[group.change]}</Tag>
      </Space>
    }
    style={{ marginBottom: 12 }}
  >
    {group.fields.length === 0 ? (
      <Typography.Text type="secondary">{r.noFields}</Typography.Text>
    ) : (
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 140, whiteSpace: 'nowrap' } }}
        items={group.fields.map((field, index) => ({
          key: `${index}`,
          label: field.label,
          children: <FieldDiff field={field} />,
        }))}
      />
    )}
  </Card>
);

const Meta = ({ change }: { change: ChangeDetail }) => (
  <Descriptions
    size="small"
    column={2}
    style={{ marginBottom: 16 }}
    items={[
      { key: 'emp', label: r.employee, children: `${change.empNo} ${change.empName}` },
      { key: 'bu', label: r.plant, children: change.bu },
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

/** 通过 asks for an optional opinion, 驳回 for a reason that may not be left empty. */
const DecisionModal = ({
  kind,
  isPending,
  onCancel,
  onSubmit,
}: {
  kind: 'approve' | 'reject' | null;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (text: string) => void;
}) => {
  const [form] = Form.useForm<{ text: string }>();
  const isReject = kind === 'reject';
  return (
    <Modal
      open={kind !== null}
      title={isReject ? r.rejectTitle : r.approveTitle}
      okText={isReject ? r.rejectConfirm : r.approveConfirm}
      okButtonProps={{ danger: isReject, loading: isPending }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => onSubmit((values.text ?? '').trim())}>
        <Form.Item
          name="text"
          label={isReject ? r.rejectReason : r.opinion}
          rules={isReject ? [{ required: true, whitespace: true, message: '请填写驳回原因' }] : []}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={isReject ? r.reasonPlaceholder : r.opinionPlaceholder}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const ChangeDrawerBody = ({ id, onDecided }: { id: number; onDecided: () => void }) => {
  const detail = useChangeDetail(id);
  const decide = useDecideChange();
  const [modal, setModal] = useState<'approve' | 'reject' | null>(null);
  const [refusal, setRefusal] = useState<string>();

  if (detail.isPending) return <Spin />;
  if (!detail.data) {
    return (
      <Result
        status="error"
        title={detail.error?.message}
        extra={<Button onClick={() => void detail.refetch()}>重试</Button>}
      />
    );
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
        // Decided by someone else, or the records changed since: the request is shown as it is now.
        if (error instanceof ApiError && error.kind === 'business') {
          setModal(null);
          setRefusal(error.message);
        }
      },
    });
  };

  return (
    <article aria-label={change.title}>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {change.title}
        </Typography.Title>
        <Tag color={STATUS_COLORS[change.status]}>{r.statuses[change.status]}</Tag>
      </Space>
      <Meta change={change} />
      {change.isStale && change.status === 'pending' && (
        <Alert type="warning" showIcon message={r.staleTitle} description={r.staleText} style={{ marginBottom: 12 }} />
      )}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} />}
      {change.groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two groups may share a title (two records added); the order is the server's.
        <GroupCard key={index} group={group} />
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

const ReviewPage = () => {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number>();
  const filter: ChangeFilter = { status, bu: '', kind: '' };
  // Under the review feature's key, so a push or a decision (which invalidate review.changes) reads it again.
  const list = useQuery({
    queryKey: [...queryKeys.review.changeList(filter), 'page', page],
    queryFn: ({ signal }) => getChangeList(filter, page, signal),
    placeholderData: (previous) => previous,
  });
  const pending = useQuery(pendingReviewCountQuery);

  return (
    <Card
      title={
        <Space>
          <span>资料审核</span>
          <Badge
            count={pending.data ?? 0}
            showZero
            overflowCount={999}
            color={pending.data ? '#fa8c16' : '#bfbfbf'}
            aria-label={`${pending.data ?? 0} 条待审核`}
          />
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            待审核 {pending.data ?? '—'} 条
          </Typography.Text>
        </Space>
      }
      extra={
        <Segmented<ReviewStatus>
          value={status}
          options={STATUSES.map((value) => ({ value, label: r.statuses[value] }))}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      }
    >
      <Table<ChangeListItem>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: r.empty[status] }}
        pagination={{
          current: page,
          pageSize: CHANGE_PAGE_SIZE,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPage,
        }}
        onRow={(row) => ({ onClick: () => setOpenId(row.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: r.employee, key: 'emp', render: (_, row) => `${row.empNo} ${row.empName}` },
          { title: r.kind, key: 'kind', render: (_, row) => kindText(row.kind) },
          { title: r.submitted, dataIndex: 'submittedAt', key: 'submittedAt', width: 170 },
          { title: r.plant, dataIndex: 'bu', key: 'bu', width: 90 },
          { title: r.department, dataIndex: 'deptName', key: 'deptName' },
          {
            title: '操作',
            key: 'open',
            width: 90,
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                aria-label={`查看 ${row.empNo} 的申请`}
                onClick={(event) => {
                  event.stopPropagation();
                  setOpenId(row.id);
                }}
              >
                查看
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={openId !== undefined}
        title={r.detail}
        width={720}
        onClose={() => setOpenId(undefined)}
        destroyOnHidden
      >
        {openId !== undefined && <ChangeDrawerBody key={openId} id={openId} onDecided={() => setOpenId(undefined)} />}
      </Drawer>
    </Card>
  );
};

export default ReviewPage;
