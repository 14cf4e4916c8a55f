// /inspection/my-ehs: the employee's safety-inspection issues of the last 30 days, one card each.
import type { SafetyIssue } from '@ess/contract/inspection';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { useMyEhs } from './api/get-my-ehs';
import './my-ehs-page.css';

const IssueCard = ({ issue }: { issue: SafetyIssue }) => (
  <li className="ehs-issue">
    <p className="ehs-issue-title">{issue.ISSUE_DESCR}</p>
    <dl className="ehs-issue-facts">
      <div>
        <dt>{t.ehs.workProcess}</dt>
        <dd>{issue.WORK_PROCESS}</dd>
      </div>
      <div>
        <dt>{t.ehs.inspectionDate}</dt>
        <dd>{issue.INSPECTION_DATE}</dd>
      </div>
      <div>
        <dt>{t.ehs.type}</dt>
        {/* A type the dictionary does not know yet still tells something. */}
        <dd>{issue.TYPE_NAME ?? issue.TYPE_CODE}</dd>
      </div>
      <div>
        <dt>{t.ehs.badQty}</dt>
        <dd>{issue.BAD_QTY}</dd>
      </div>
    </dl>
  </li>
);

const Issues = () => {
  const issues = useMyEhs();
  if (issues.isPending) return <LoadingState lines={3} blocks={2} />;
  if (issues.isError) {
    return <ErrorState error={issues.error} onRetry={() => void issues.refetch()} isRetrying={issues.isFetching} />;
  }
  if (issues.data.length === 0) return <EmptyState title={t.ehs.empty} description={t.ehs.emptyHint} />;
  return (
    <>
      <p className="ehs-count">{t.ehs.count(issues.data.length)}</p>
      <ul className="ehs-issues">
        {issues.data.map((issue, index) => (
          // Issues have no id in the answer; the server's order is stable (date, then id).
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <IssueCard key={index} issue={issue} />
        ))}
      </ul>
    </>
  );
};

const MyEhsPage = () => (
  <div className="ehs-page">
    <h2 className="ehs-header">{t.ehs.header}</h2>
    <Issues />
  </div>
);

export default MyEhsPage;
