// /hr/submissions (M19, role HRAdmin): the proposals and candidates the public forms sent to the plants the caller
// administers, by plant, month and kind; each with its attachment, a status to set, and the CSV export of the list.
// Kept simple and self-contained so that it can move into the HR console later.
import { PLANTS } from '@ess/contract';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES, type ProposalRow } from '@ess/contract/proposals';
import { CANDIDATE_STATUSES, type CandidateRow } from '@ess/contract/recruitment';
import { List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { PickerField } from '../../components/form/picker-field';
import { PagedList } from '../../components/paged-list';
import { t } from '../../i18n/zh-CN';
import { showToast } from '../../lib/toast';
import { exportUrl, type SubmissionFilter, useCandidateList, useProposalList, useSetStatus } from './api';
import './submissions.css';

const PLANT_OPTIONS = [
  { value: '', label: t.hrSubmissions.allPlants },
  ...PLANTS.map((plant) => ({ value: plant, label: plant })),
];
const KIND_OPTIONS = [
  { value: '', label: t.hrSubmissions.allKinds },
  ...PROPOSAL_KINDS.map((kind) => ({ value: kind, label: t.myProposals.kinds[kind] ?? kind })),
];
const PROPOSAL_STATUS_OPTIONS = PROPOSAL_STATUSES.map((status) => ({
  value: status,
  label: t.myProposals.statuses[status] ?? status,
}));
const CANDIDATE_STATUS_OPTIONS = CANDIDATE_STATUSES.map((status) => ({
  value: status,
  label: t.recruitment.statuses[status] ?? status,
}));

const Attachment = ({ path, label }: { path: string | null; label: string }) =>
  path ? (
    <a className="submission-link" href={path} target="_blank" rel="noreferrer">
      {label}
    </a>
  ) : null;

type StatusChange = Parameters<ReturnType<typeof useSetStatus>['mutate']>[0];

/** The status of a proposal or a candidate, set by HR where it stands in the list. */
const StatusPicker = <What extends StatusChange['what']>({
  what,
  row,
  options,
}: {
  what: What;
  row: { id: number; status: Extract<StatusChange, { what: What }>['status'] };
  options: { value: string; label: string }[];
}) => {
  const setStatus = useSetStatus();
  return (
    <PickerField
      label={`${t.hrSubmissions.status}（${row.id}）`}
      value={row.status}
      options={options}
      isDisabled={setStatus.isPending}
      onChange={(status) => {
        if (!status || status === row.status) return;
        setStatus.mutate({ what, id: row.id, status } as StatusChange, {
          onSuccess: () => void showToast({ content: t.hrSubmissions.statusSaved, kind: 'success' }),
        });
      }}
    />
  );
};

const ProposalItem = ({ row }: { row: ProposalRow }) => {
  return (
    <List.Item
      className="submission-item"
      description={
        <>
          <span className="submission-line">
            {t.myProposals.kinds[row.kind]} · {row.bu} · {row.createdAt}
          </span>
          <span className="submission-line">
            {[
              row.deptName,
              row.teamName,
              row.assistDeptName && `协助：${row.assistDeptName}`,
              row.classType,
              row.workNo,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className="submission-line">
            {row.empName}
            {row.empNo && `（${row.empNo}）`} ·{' '}
            {row.submittedByEmpNo
              ? `${t.hrSubmissions.submittedBy}：${row.submittedByEmpNo}`
              : t.hrSubmissions.anonymous}
          </span>
          <span className="submission-text">{row.detail}</span>
          <span className="submission-text">{row.suggestion}</span>
          <Attachment path={row.filePath} label={t.hrSubmissions.attachment} />
        </>
      }
      extra={<StatusPicker what="proposal" row={row} options={PROPOSAL_STATUS_OPTIONS} />}
    >
      {row.title}
    </List.Item>
  );
};

const CandidateItem = ({ row }: { row: CandidateRow }) => {
  return (
    <List.Item
      className="submission-item"
      description={
        <>
          <span className="submission-line">
            {row.positionApply} · {t.hrSubmissions.age(row.userAge)} · {row.bu} · {row.createdAt}
          </span>
          <span className="submission-line">
            {t.hrSubmissions.referrer}：{row.referrerName}（{row.referrerEmpNo}）
          </span>
          <Attachment path={row.filePath} label={t.hrSubmissions.resume} />
        </>
      }
      extra={<StatusPicker what="candidate" row={row} options={CANDIDATE_STATUS_OPTIONS} />}
    >
      {row.userName}
    </List.Item>
  );
};

const Proposals = ({ filter }: { filter: SubmissionFilter }) => (
  <PagedList
    paged={useProposalList(filter)}
    label={t.hrSubmissions.proposals}
    emptyTitle={t.hrSubmissions.empty}
    getKey={(row) => row.id}
    renderItem={(row) => <ProposalItem row={row} />}
  />
);

const Candidates = ({ filter }: { filter: SubmissionFilter }) => (
  <PagedList
    paged={useCandidateList(filter)}
    label={t.hrSubmissions.candidates}
    emptyTitle={t.hrSubmissions.empty}
    getKey={(row) => row.id}
    renderItem={(row) => <CandidateItem row={row} />}
  />
);

const SubmissionsPage = () => {
  const [tab, setTab] = useState<'proposals' | 'candidates'>('proposals');
  const [filter, setFilter] = useState<SubmissionFilter>({ bu: '', month: '', kind: '' });
  return (
    <div className="submissions-page">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as 'proposals' | 'candidates')} className="submissions-tabs">
        <Tabs.Tab key="proposals" title={t.hrSubmissions.proposals} />
        <Tabs.Tab key="candidates" title={t.hrSubmissions.candidates} />
      </Tabs>
      <div className="submissions-filters">
        <PickerField
          label={t.proposals.plant}
          value={filter.bu}
          options={PLANT_OPTIONS}
          placeholder={t.hrSubmissions.allPlants}
          onChange={(bu) => setFilter((current) => ({ ...current, bu: bu ?? '' }))}
        />
        {tab === 'proposals' && (
          <PickerField
            label={t.hrSubmissions.allKinds}
            value={filter.kind}
            options={KIND_OPTIONS}
            placeholder={t.hrSubmissions.allKinds}
            onChange={(kind) => setFilter((current) => ({ ...current, kind: kind ?? '' }))}
          />
        )}
        <label className="submissions-month">
          <span className="visually-hidden">{t.hrSubmissions.month}</span>
          <input
            type="month"
            value={filter.month}
            aria-label={t.hrSubmissions.month}
            onChange={(event) => setFilter((current) => ({ ...current, month: event.target.value }))}
          />
        </label>
        <a className="submissions-export" href={exportUrl(tab, filter)} download>
          {t.hrSubmissions.exportCsv}
        </a>
      </div>
      {tab === 'proposals' ? <Proposals filter={filter} /> : <Candidates filter={filter} />}
    </div>
  );
};

export default SubmissionsPage;
