// A ready job's rows: the preview of what would be imported, with every field any shown row has, and the rows that
// failed the checks with their reasons.
import { IMPORT_FIELDS, type ImportKind } from '@ess/contract/import-kinds';
import type { ImportJob } from '@ess/contract/imports';
import { ct } from '../../texts';
import { SectionTable } from './section-table';

const fieldLabel = (kind: ImportKind, key: string) =>
  IMPORT_FIELDS[kind].find((field) => field.key === key)?.label ?? key;

/**
 * The preview's columns: every field any shown row has, in the template's order. A row leaves its empty cells out
 * (a roster row that only moves someone to another department has no 职务), so the first row alone is not enough.
 */
const previewKeys = (kind: ImportKind, rows: ImportJob['preview']) => {
  const present = new Set(rows.flatMap((row) => Object.keys(row.values)));
  const inTemplateOrder = IMPORT_FIELDS[kind].map((field) => field.key).filter((key) => present.has(key));
  return [...inTemplateOrder, ...[...present].filter((key) => !inTemplateOrder.includes(key))];
};

export const JobRows = ({ job }: { job: ImportJob }) => (
  <>
    {job.preview.length > 0 && (
      <SectionTable
        title={ct.imports.previewTitle(job.preview.length)}
        rowKey="row"
        scroll={{ x: true, y: 220 }}
        dataSource={job.preview}
        columns={[
          { title: ct.common.rowNumber, dataIndex: 'row', width: 60, fixed: 'left' },
          ...previewKeys(job.kind, job.preview).map((key) => ({
            title: fieldLabel(job.kind, key),
            key,
            render: (_: unknown, row: ImportJob['preview'][number]) => row.values[key],
          })),
        ]}
      />
    )}
    {job.rejected.length > 0 && (
      <SectionTable
        title={ct.imports.rejectedTitle(job.rejectedRows, job.rejected.length)}
        rowKey="row"
        scroll={{ y: 220 }}
        dataSource={job.rejected}
        columns={[
          { title: ct.common.rowNumber, dataIndex: 'row', width: 80 },
          { title: ct.imports.reason, dataIndex: 'reason' },
        ]}
      />
    )}
  </>
);
