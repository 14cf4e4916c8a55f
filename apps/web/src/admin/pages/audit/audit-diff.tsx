// An audit entry's before and after as a per-field diff (struck out → new), all in Chinese: fields and codes by their
// names (contract/audit-labels.ts), times in China time, sealed numbers as their masks.
import { AUDIT_CODES, AUDIT_FIELDS } from '@ess/contract/audit-labels';
import { Typography } from 'antd';
import { formatShanghaiTime } from '../../../lib/dates';
import { ct } from '../../texts';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const words = ct.audit;

const fieldName = (key: string) => AUDIT_FIELDS[key] ?? key;

/** A value as a clerk reads it: codes by their names, times in China time, a sealed number as its mask. */
const show = (value: unknown, key = ''): string => {
  if (value === null || value === undefined || value === '') return words.empty;
  if (Array.isArray(value)) {
    if (value.length === 0) return words.none;
    return value.map((item) => (key === 'fields' ? fieldName(String(item)) : show(item))).join(words.listSeparator);
  }
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.masked === 'string') return record.masked;
    if ('sealed' in record) return words.sealed;
    const entries = Object.entries(record);
    if (entries.length === 0) return words.none;
    return entries
      .map(([inner, innerValue]) => words.fieldValue(fieldName(inner), show(innerValue, inner)))
      .join(words.entrySeparator);
  }
  const text = String(value);
  if (ISO_TIME.test(text)) return formatShanghaiTime(text);
  return AUDIT_CODES[text] ?? text;
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** One line per field: its name, the value before (struck out) and after. */
export const AuditDiff = ({ before, after }: { before: unknown; after: unknown }) => {
  const was = asRecord(before);
  const now = asRecord(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  if (keys.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
      {keys.map((key) => {
        const hasBefore = key in was;
        const hasAfter = key in now;
        const same = hasBefore && hasAfter && JSON.stringify(was[key]) === JSON.stringify(now[key]);
        return (
          <li key={key}>
            <Typography.Text type="secondary">{fieldName(key)}：</Typography.Text>
            {same ? (
              show(now[key], key)
            ) : (
              <>
                {hasBefore && <del style={{ color: '#b42318', background: '#fef3f2' }}>{show(was[key], key)}</del>}
                {hasBefore && hasAfter && ' → '}
                {hasAfter && (
                  <ins style={{ color: '#067647', background: '#ecfdf3', textDecoration: 'none' }}>
                    {show(now[key], key)}
                  </ins>
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
};
