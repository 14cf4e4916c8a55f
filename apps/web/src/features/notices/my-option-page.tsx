// /user/my-option: the employee's notices (feedback, record changes) with how each stands in words (feedback
// 已审核 / 未审核; a record change 待审核 / 已通过 / 未通过 / 已撤回) and the reviewer's opinion, paged; beside them,
// the proposals the employee sent while signed in, with HR's status and answer.
import type { PersonNotice } from '@ess/contract/notices';
import type { MyProposal } from '@ess/contract/proposals';
import { List, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PagedList } from '../../components/paged-list';
import { t } from '../../i18n/zh-CN';
import { useMyProposals } from './api/get-my-proposals';
import { usePersonNotices } from './api/get-person-notice';
import './my-option-page.css';

/** The tag of a notice: words first; the colour only repeats them. */
const outcomeTag = (notice: PersonNotice): { text: string; color: 'warning' | 'success' | 'danger' | 'default' } => {
  switch (notice.outcome) {
    case 'approved':
      return { text: t.myOption.approved, color: 'success' };
    case 'rejected':
      return { text: t.myOption.rejected, color: 'danger' };
    case 'withdrawn':
      return { text: t.myOption.withdrawn, color: 'default' };
    case 'answered':
      return { text: t.myOption.verified, color: 'success' };
    default:
      // A record change waits for its reviewer; feedback for HR's answer.
      return notice.changeRequestId === null
        ? { text: t.myOption.unverified, color: 'warning' }
        : { text: t.myOption.pending, color: 'warning' };
  }
};

const NoticeItem = ({ notice }: { notice: PersonNotice }) => {
  const tag = outcomeTag(notice);
  return (
    <List.Item
      className="notice-item"
      description={
        <>
          <span className="notice-body">{notice.noticeBody}</span>
          {notice.messageContent && (
            <span className="notice-opinion">
              {t.myOption.opinion}
              {notice.messageContent}
            </span>
          )}
          <span className="notice-time">{notice.createdAt}</span>
        </>
      }
    >
      <span className="notice-title">
        <span className="notice-title-text">{notice.noticeTitle}</span>
        <Tag color={tag.color}>{tag.text}</Tag>
      </span>
    </List.Item>
  );
};

const PROPOSAL_STATUS_COLORS: Record<string, 'warning' | 'success' | 'default'> = {
  SUBMITTED: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'default',
};

const ProposalItem = ({ proposal }: { proposal: MyProposal }) => (
  <List.Item
    className="notice-item"
    description={
      <>
        <span className="notice-body">{t.myProposals.kinds[proposal.kind]}</span>
        {proposal.answer && (
          <span className="notice-opinion">
            {t.myProposals.answer}
            {proposal.answer}
          </span>
        )}
        <span className="notice-time">{proposal.createdAt}</span>
      </>
    }
  >
    <span className="notice-title">
      <span className="notice-title-text">{proposal.title}</span>
      <Tag color={PROPOSAL_STATUS_COLORS[proposal.status] ?? 'default'}>{t.myProposals.statuses[proposal.status]}</Tag>
    </span>
  </List.Item>
);

const Notices = () => {
  const paged = usePersonNotices();
  return (
    <PagedList
      paged={paged}
      label={t.myOption.list}
      emptyTitle={t.myOption.empty}
      getKey={(notice) => notice.id}
      renderItem={(notice) => <NoticeItem notice={notice} />}
    />
  );
};

const Proposals = () => {
  const paged = useMyProposals();
  return (
    <PagedList
      paged={paged}
      label={t.myProposals.list}
      emptyTitle={t.myProposals.empty}
      getKey={(proposal) => proposal.id}
      renderItem={(proposal) => <ProposalItem proposal={proposal} />}
    />
  );
};

const MyOptionPage = () => {
  // `?tab=proposals`: a message about a proposal's answer opens its tab.
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === 'proposals' ? 'proposals' : 'notices');
  return (
    <div className="my-option-page">
      <Tabs className="my-option-tabs" activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="notices" title={t.myProposals.tabs.notices} />
        <Tabs.Tab key="proposals" title={t.myProposals.tabs.proposals} />
      </Tabs>
      {tab === 'notices' ? <Notices /> : <Proposals />}
    </div>
  );
};

export default MyOptionPage;
