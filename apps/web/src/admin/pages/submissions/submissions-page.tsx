// 收件箱 (HR of a plant): the proposals and the referred candidates the public forms sent to the plants the caller
// administers, by plant, month and (proposals) kind, in paged tables; each row with its attachment and its status to
// set where it stands, and the CSV export of the list as filtered; and the workers' feedback, answered here
// (feedback-tab.tsx). Moved here from the employee app's /hr/submissions, which now leads to this page.
import { FEEDBACK_TYPES } from '@ess/contract/notices';
import { PLANTS, type Plant } from '@ess/contract/plants';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES, type ProposalKind, type ProposalRow } from '@ess/contract/proposals';
import { CANDIDATE_STATUSES, type CandidateRow } from '@ess/contract/recruitment';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Grid, Select, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { plantLabel, plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { exportUrl } from './api/export-url';
import { candidateListQuery } from './api/get-candidate-list';
import { type FeedbackFilter, feedbackListQuery } from './api/get-feedback-list';
import { proposalListQuery } from './api/get-proposal-list';
import { type StatusChange, useSetSubmissionStatus } from './api/set-submission-status';
import { SUBMISSION_PAGE_SIZE, type SubmissionFilter } from './api/submission-filter';
import { FEEDBACK_COLUMNS } from './feedback-tab';

const s = ct.submissions;
type Tab = 'proposals' | 'candidates' | 'feedback';

/** Read when drawn: the plants' display names may arrive after the page's code (plant-options.ts). */
const plantFilterOptions = () => [{ value: '', label: s.allPlants }, ...plantOptions(PLANTS)];
const KIND_OPTIONS = [
  { value: '', label: s.allKinds },
  ...PROPOSAL_KINDS.map((kind) => ({ value: kind, label: s.kinds[kind] ?? kind })),
];
const FEEDBACK_TYPE_OPTIONS = [
  { value: '', label: s.allFeedbackTypes },
  ...FEEDBACK_TYPES.map((type) => ({ value: type, label: s.feedbackTypes[type] ?? type })),
];
const FEEDBACK_STATUS_OPTIONS = [
  { value: '', label: s.allStatuses },
  { value: 'unanswered', label: s.unanswered },
  { value: 'answered', label: s.answered },
];
const STATUS_OPTIONS: Record<StatusChange['what'], { value: string; label: string }[]> = {
  proposal: PROPOSAL_STATUSES.map((status) => ({ value: status, label: s.proposalStatuses[status] ?? status })),
  candidate: CANDIDATE_STATUSES.map((status) => ({ value: status, label: s.candidateStatuses[status] ?? status })),
};

const Attachment = ({ path, label }: { path: string | null; label: string }) =>
  path ? (
    <a href={path} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  ) : null;

/** A row's status, set where it stands; the list is read again afterwards. */
const StatusSelect = ({ change }: { change: StatusChange }) => {
  const setStatus = useSetSubmissionStatus();
  return (
    <Select<string>
      aria-label={s.statusLabel(change.id)}
      value={change.status}
      options={STATUS_OPTIONS[change.what]}
      disabled={setStatus.isPending}
      style={{ width: 110 }}
      onChange={(status: string) => {
        if (status === change.status) return;
        setStatus.mutate({ ...change, status } as StatusChange, {
          onSuccess: () => void showToast({ content: s.statusSaved, kind: 'success' }),
        });
      }}
    />
  );
};

const PROPOSAL_COLUMNS: TableColumnsType<ProposalRow> = [
  { title: s.createdAt, dataIndex: 'createdAt', key: 'createdAt', width: 160 },
  { title: s.kind, key: 'kind', width: 100, render: (_, row) => s.kinds[row.kind] ?? row.kind },
  { title: s.plant, dataIndex: 'bu', key: 'bu', width: 90, render: plantLabel },
  {
    title: s.title,
    key: 'title',
    render: (_, row) => (
      <Space direction="vertical" size={2}>
        <Typography.Text strong>{row.title}</Typography.Text>
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: true }}>
          {row.detail}
        </Typography.Paragraph>
        {row.suggestion && (
          <Typography.Paragraph
            type="secondary"
            style={{ margin: 0, whiteSpace: 'pre-wrap' }}
            ellipsis={{ rows: 2, expandable: true }}
          >
            {s.suggestionLine(row.suggestion)}
          </Typography.Paragraph>
        )}
      </Space>
    ),
  },
  {
    title: s.department,
    key: 'department',
    render: (_, row) =>
      [row.deptName, row.teamName, row.assistDeptName && s.assist(row.assistDeptName), row.classType, row.workNo]
        .filter(Boolean)
        .join(' · '),
  },
  {
    title: s.submitter,
    key: 'submitter',
    render: (_, row) => (
      <Space direction="vertical" size={2}>
        <span>{s.person(row.empName, row.empNo)}</span>
        <Typography.Text type="secondary">
          {row.submittedByEmpNo ? s.submittedBy(row.submittedByEmpNo) : s.anonymous}
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: s.attachment,
    key: 'file',
    width: 70,
    render: (_, row) => <Attachment path={row.filePath} label={s.attachment} />,
  },
  {
    title: s.status,
    key: 'status',
    width: 130,
    render: (_, row) => <StatusSelect change={{ what: 'proposal', id: row.id, status: row.status }} />,
  },
];

const CANDIDATE_COLUMNS: TableColumnsType<CandidateRow> = [
  { title: s.createdAt, dataIndex: 'createdAt', key: 'createdAt', width: 160 },
  { title: s.plant, dataIndex: 'bu', key: 'bu', width: 90, render: plantLabel },
  { title: s.candidate, dataIndex: 'userName', key: 'userName' },
  { title: s.position, dataIndex: 'positionApply', key: 'positionApply' },
  { title: s.ageTitle, key: 'age', width: 70, render: (_, row) => s.age(row.userAge) },
  {
    title: s.referrer,
    key: 'referrer',
    render: (_, row) => s.person(row.referrerName, row.referrerEmpNo),
  },
  {
    title: s.resume,
    key: 'file',
    width: 70,
    render: (_, row) => <Attachment path={row.filePath} label={s.resume} />,
  },
  {
    title: s.status,
    key: 'status',
    width: 130,
    render: (_, row) => <StatusSelect change={{ what: 'candidate', id: row.id, status: row.status }} />,
  },
];

/** One list as a paged table; a failed read shows where the table would be, with 重试. */
const SubmissionTable = <Row extends { id: number }>({
  query,
  columns,
  label,
  page,
  onPage,
  isNarrow,
}: {
  query: UseQueryResult<{ rows: Row[]; totalCount: number }>;
  columns: TableColumnsType<Row>;
  label: string;
  page: number;
  onPage: (page: number) => void;
  isNarrow: boolean;
}) =>
  query.isError && !query.data ? (
    <QueryErrorOf query={query} />
  ) : (
    <Table<Row>
      aria-label={label}
      rowKey="id"
      size="middle"
      loading={query.isPending}
      dataSource={query.data?.rows ?? []}
      columns={columns}
      locale={emptyLocale(s.empty)}
      scroll={isNarrow ? { x: 'max-content' } : undefined}
      pagination={{
        current: page,
        pageSize: SUBMISSION_PAGE_SIZE,
        total: query.data?.totalCount ?? 0,
        showSizeChanger: false,
        showTotal: s.total,
        onChange: onPage,
      }}
    />
  );

const SubmissionsPage = () => {
  const isNarrow = !Grid.useBreakpoint().lg;
  const [tab, setTab] = useState<Tab>('proposals');
  const [filter, setFilter] = useState<SubmissionFilter>({ bu: '', month: '', kind: '' });
  const [page, setPage] = useState(1);
  const [feedbackFilter, setFeedbackFilter] = useState<Pick<FeedbackFilter, 'type' | 'status'>>({
    type: '',
    status: '',
  });
  const proposals = useQuery({ ...proposalListQuery(filter, page), enabled: tab === 'proposals' });
  const candidates = useQuery({ ...candidateListQuery(filter, page), enabled: tab === 'candidates' });
  const feedback = useQuery({
    ...feedbackListQuery({ bu: filter.bu, month: filter.month, ...feedbackFilter }, page),
    enabled: tab === 'feedback',
  });
  const filterFeedbackBy = (patch: Partial<typeof feedbackFilter>) => {
    setFeedbackFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const filterBy = (patch: Partial<SubmissionFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  return (
    <Card title={s.menu}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setPage(1);
        }}
        items={[
          { key: 'proposals', label: s.proposals },
          { key: 'candidates', label: s.candidates },
          { key: 'feedback', label: s.feedback },
        ]}
      />
      <Space wrap size={[16, 12]} style={{ marginBottom: 16 }}>
        <Select<Plant | ''>
          aria-label={s.plant}
          value={filter.bu}
          options={plantFilterOptions() as { value: Plant | ''; label: string }[]}
          onChange={(bu) => filterBy({ bu })}
          // A short list: every option in the page, none scrolled out of reach.
          virtual={false}
          style={{ width: 140 }}
        />
        {tab === 'proposals' && (
          <Select<ProposalKind | ''>
            aria-label={s.kind}
            value={filter.kind}
            options={KIND_OPTIONS as { value: ProposalKind | ''; label: string }[]}
            onChange={(kind) => filterBy({ kind })}
            virtual={false}
            style={{ width: 140 }}
          />
        )}
        {tab === 'feedback' && (
          <>
            <Select<string>
              aria-label={s.feedbackType}
              value={feedbackFilter.type}
              options={FEEDBACK_TYPE_OPTIONS}
              onChange={(type) => filterFeedbackBy({ type: type as FeedbackFilter['type'] })}
              virtual={false}
              style={{ width: 140 }}
            />
            <Select<string>
              aria-label={s.feedbackStatus}
              value={feedbackFilter.status}
              options={FEEDBACK_STATUS_OPTIONS}
              onChange={(status) => filterFeedbackBy({ status: status as FeedbackFilter['status'] })}
              virtual={false}
              style={{ width: 140 }}
            />
          </>
        )}
        <DatePicker
          picker="month"
          aria-label={s.month}
          placeholder={s.month}
          value={filter.month ? dayjs(`${filter.month}-01`) : null}
          onChange={(value) => filterBy({ month: value ? value.format('YYYY-MM') : '' })}
        />
        {tab !== 'feedback' && (
          <Button href={exportUrl(tab, filter)} download>
            {s.exportCsv}
          </Button>
        )}
      </Space>
      {tab === 'feedback' ? (
        <SubmissionTable
          query={feedback}
          columns={FEEDBACK_COLUMNS}
          label={s.feedback}
          page={page}
          onPage={setPage}
          isNarrow={isNarrow}
        />
      ) : tab === 'proposals' ? (
        <SubmissionTable
          query={proposals}
          columns={PROPOSAL_COLUMNS}
          label={s.proposals}
          page={page}
          onPage={setPage}
          isNarrow={isNarrow}
        />
      ) : (
        <SubmissionTable
          query={candidates}
          columns={CANDIDATE_COLUMNS}
          label={s.candidates}
          page={page}
          onPage={setPage}
          isNarrow={isNarrow}
        />
      )}
    </Card>
  );
};

export default SubmissionsPage;
