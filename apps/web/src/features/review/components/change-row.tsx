// One request in the list: who (number and name), what (修改学历信息), where (plant, department) and when.
import type { ChangeListItem } from '@ess/contract/review';
import { LinkRow } from '../../../components/action-rows';
import { t } from '../../../i18n/zh-CN';
import { kindText } from '../kind-text';

type ChangeRowProps = { item: ChangeListItem; to: string; state?: unknown; isCurrent: boolean; replace?: boolean };

export const ChangeRow = ({ item, to, state, isCurrent, replace }: ChangeRowProps) => (
  <LinkRow
    to={to}
    state={state}
    replace={replace}
    isCurrent={isCurrent}
    className={isCurrent ? 'change-row is-current' : 'change-row'}
    description={
      <span className="change-row-meta">
        <span>{item.bu}</span>
        <span>{item.deptName}</span>
        <span>
          {item.status === 'pending' || !item.decidedAt
            ? t.review.submittedAt(item.submittedAt)
            : t.review.decidedAt(item.decidedAt)}
        </span>
      </span>
    }
  >
    <span className="change-row-title">
      <span className="change-row-who">
        {item.empNo} {item.empName}
      </span>
      <span className="change-row-kind">{kindText(item.kind)}</span>
    </span>
  </LinkRow>
);
