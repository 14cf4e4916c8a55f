// 收件箱 (HR of a plant): the proposals and the referred candidates the public forms sent to the plants the caller
// administers, and the workers' feedback (feedback-tab.tsx), in paged tables filtered by plant, month, status, how
// long they waited and whose they are; what waits longest on top. Each row shows how long it waited, its colleague
// (inbox-work.tsx) and its attachment; a proposal's or a candidate's status is set where it stands and answered in a
// dialog; the CSV export takes the list as filtered. Moved here from the employee app's /hr/submissions, which now
// leads to this page.
import { INBOX_AGES } from '@ess/contract/inbox';
import { FEEDBACK_TYPES, type FeedbackType } from '@ess/contract/notices';
import { PLANTS, type Plant } from '@ess/contract/plants';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES, type ProposalKind, type ProposalRow } from '@ess/contract/proposals';
import { CANDIDATE_STATUSES, type CandidateRow } from '@ess/contract/recruitment';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Grid, Select, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { showToast } from '../../../lib/toast';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { plantLabel, plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { exportUrl } from './api/export-url';
import { candidateListQuery } from './api/get-candidate-list';
import { feedbackListQuery } from './api/get-feedback-list';
import { proposalListQuery } from './api/get-proposal-list';
import { type StatusChange, useSetSubmissionStatus } from './api/set-submission-status';
import { EMPTY_FILTER, SUBMISSION_PAGE_SIZE, type SubmissionFilter } from './api/submission-filter';
import { FEEDBACK_COLUMNS } from './feedback-tab';
import { AssigneeCell, DecisionAnswerCell, WaitedCell } from './inbox-work';

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
const STATUS_FILTER_OPTIONS: Record<Tab, { value: string; label: string }[]> = {
  proposals: [
    { value: '', label: s.allStatuses },
    ...PROPOSAL_STATUSES.map((status) => ({ value: status, label: s.proposalStatuses[status] ?? status })),
  ],
  candidates: [
    { value: '', label: s.allStatuses },
    ...CANDIDATE_STATUSES.map((status) => ({ value: status, label: s.candidateStatuses[status] ?? status })),
  ],
  feedback: [
    { value: '', label: s.allStatuses },
    { value: 'unanswered', label: s.unanswered },
    { value: 'answered', label: s.answered },
  ],
};
const AGE_OPTIONS = (['', ...INBOX_AGES] as const).map((age) => ({ value: age, label: s.ages[age] ?? age }));
const ASSIGNEE_OPTIONS = [
  { value: '', label: s.allAssignees },
  { value: 'mine', label: s.mine },
  { value: 'unassigned', label: s.unassigned },
];

/** One filter of the bar: a short list, every option in the page, none scrolled out of reach. */
const FilterSelect = ({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) => (
  <Select<string>
    aria-label={label}
    value={value}
    options={options}
    onChange={onChange}
    virtual={false}
    style={{ width: 140 }}
  />
);

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

/** When it came and how long it has waited (超时 past the configured days). */
const SENT_COLUMN = {
  title: s.createdAt,
  key: 'createdAt',
  width: 140,
  render: (_: unknown, row: { createdAt: string; waitedDays: number; isOverdue: boolean }) => (
    <Space direction="vertical" size={2}>
      <span>{row.createdAt}</span>
      <WaitedCell row={row} />
    </Space>
  ),
};

/** Where it stands, whose it is and what HR answered, one above the other: the table keeps its text wide. */
const HandlingCell = ({
  change,
  row,
  whom,
}: {
  change: StatusChange;
  row: ProposalRow | CandidateRow;
  whom: string;
}) => (
  <Space direction="vertical" size={6}>
    <StatusSelect change={change} />
    <AssigneeCell kind={change.what} row={row} />
    <DecisionAnswerCell change={change} answer={row.answer} whom={whom} />
  </Space>
);

const PROPOSAL_COLUMNS: TableColumnsType<ProposalRow> = [
  SENT_COLUMN,
  {
    title: s.kind,
    key: 'kind',
    width: 100,
    render: (_, row) => (
      <Space direction="vertical" size={2}>
        <span>{s.kinds[row.kind] ?? row.kind}</span>
        <Typography.Text type="secondary">{plantLabel(row.bu)}</Typography.Text>
      </Space>
    ),
  },
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
    title: s.submitter,
    key: 'submitter',
    width: 200,
    render: (_, row) => (
      <Space direction="vertical" size={2}>
        <span>{s.person(row.empName, row.empNo)}</span>
        <Typography.Text type="secondary">
          {[row.deptName, row.teamName, row.assistDeptName && s.assist(row.assistDeptName), row.classType, row.workNo]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
        <Typography.Text type="secondary">
          {row.submittedByEmpNo ? s.submittedBy(row.submittedByEmpNo) : s.anonymous}
        </Typography.Text>
        <Attachment path={row.filePath} label={s.attachment} />
      </Space>
    ),
  },
  {
    title: s.handling,
    key: 'handling',
    width: 170,
    render: (_, row) => (
      <HandlingCell
        change={{ what: 'proposal', id: row.id, status: row.status }}
        row={row}
        whom={s.proposalSubmitter}
      />
    ),
  },
];

const CANDIDATE_COLUMNS: TableColumnsType<CandidateRow> = [
  SENT_COLUMN,
  { title: s.plant, dataIndex: 'bu', key: 'bu', width: 80, render: plantLabel },
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
    width: 60,
    render: (_, row) => <Attachment path={row.filePath} label={s.resume} />,
  },
  {
    title: s.handling,
    key: 'handling',
    width: 170,
    render: (_, row) => (
      <HandlingCell
        change={{ what: 'candidate', id: row.id, status: row.status }}
        row={row}
        whom={s.candidateReferrer}
      />
    ),
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

const TABS: readonly Tab[] = ['proposals', 'candidates', 'feedback'];
const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The tab and filter a link gives (the dashboard's figures: ?tab=feedback&bu=NT&status=unanswered&age=overdue). */
const openedWith = (params: URLSearchParams): { tab: Tab; filter: SubmissionFilter } => {
  const tab = isOneOf(TABS, params.get('tab')) ? (params.get('tab') as Tab) : 'proposals';
  const statuses = STATUS_FILTER_OPTIONS[tab].map((option) => option.value);
  const bu = params.get('bu');
  const status = params.get('status');
  const age = params.get('age');
  return {
    tab,
    filter: {
      ...EMPTY_FILTER,
      bu: isOneOf(PLANTS, bu) ? bu : '',
      status: isOneOf(statuses, status) ? (status as SubmissionFilter['status']) : '',
      age: isOneOf(INBOX_AGES, age) ? age : '',
    },
  };
};

const SubmissionsPage = () => {
  const isNarrow = !Grid.useBreakpoint().lg;
  const [params] = useSearchParams();
  const [opened] = useState(() => openedWith(params));
  const [tab, setTab] = useState<Tab>(opened.tab);
  const [filter, setFilter] = useState<SubmissionFilter>(opened.filter);
  const [page, setPage] = useState(1);
  const proposals = useQuery({ ...proposalListQuery(filter, page), enabled: tab === 'proposals' });
  const candidates = useQuery({ ...candidateListQuery(filter, page), enabled: tab === 'candidates' });
  const feedback = useQuery({ ...feedbackListQuery(filter, page), enabled: tab === 'feedback' });
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
          // Each list has its own statuses.
          filterBy({ status: '' });
        }}
        items={[
          { key: 'proposals', label: s.proposals },
          { key: 'candidates', label: s.candidates },
          { key: 'feedback', label: s.feedback },
        ]}
      />
      <Space wrap size={[16, 12]} style={{ marginBottom: 16 }}>
        <FilterSelect
          label={s.plant}
          value={filter.bu}
          options={plantFilterOptions()}
          onChange={(bu) => filterBy({ bu: bu as Plant | '' })}
        />
        {tab === 'proposals' && (
          <FilterSelect
            label={s.kind}
            value={filter.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => filterBy({ kind: kind as ProposalKind | '' })}
          />
        )}
        {tab === 'feedback' && (
          <FilterSelect
            label={s.feedbackType}
            value={filter.type}
            options={FEEDBACK_TYPE_OPTIONS}
            onChange={(type) => filterBy({ type: type as FeedbackType | '' })}
          />
        )}
        <FilterSelect
          label={tab === 'feedback' ? s.feedbackStatus : s.status}
          value={filter.status}
          options={STATUS_FILTER_OPTIONS[tab]}
          onChange={(status) => filterBy({ status: status as SubmissionFilter['status'] })}
        />
        <FilterSelect
          label={s.waitAge}
          value={filter.age}
          options={AGE_OPTIONS}
          onChange={(age) => filterBy({ age: age as SubmissionFilter['age'] })}
        />
        <FilterSelect
          label={s.assignee}
          value={filter.assignee}
          options={ASSIGNEE_OPTIONS}
          onChange={(assignee) => filterBy({ assignee: assignee as SubmissionFilter['assignee'] })}
        />
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
