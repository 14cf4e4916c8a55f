// A record list as read: the approved records, then those of an edit waiting for review (待审核, with what the
// edit does: 新增, 修改, 删除).
import type { CertificateRow } from '@ess/contract/records';
import { t } from '../../i18n/zh-CN';
import { RecordCard } from './components/record-card';
import { type RecordKind, recordOfRow } from './record-kinds';

type RecordsViewProps = {
  kind: RecordKind;
  rows: readonly CertificateRow[];
  majorName?: (code: string | undefined) => string;
};

export const RecordsView = ({ kind, rows, majorName = (code) => code ?? '' }: RecordsViewProps) => {
  const ordered = [...rows.filter((row) => !row.pendingAction), ...rows.filter((row) => row.pendingAction)];
  if (ordered.length === 0) return <p className="records-empty">{t.records.empty(kind.name)}</p>;
  return (
    <ul className="record-cards" aria-label={t.records.list(kind.name)}>
      {ordered.map((row, index) => (
        <RecordCard
          // Pending rows have no id of their own.
          key={row.id === undefined ? `pending-${index}` : `id-${row.id}`}
          summary={kind.summarize(recordOfRow(kind, row), majorName)}
          pendingAction={row.pendingAction}
        />
      ))}
    </ul>
  );
};
