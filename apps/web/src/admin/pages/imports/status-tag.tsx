// An import's state as a coloured tag, in the panel and the history alike.
import { IMPORT_STATUS_LABELS, type ImportStatus } from '@ess/contract/import-kinds';
import { Tag } from 'antd';

const STATUS_COLORS: Record<ImportStatus, string> = {
  queued: 'default',
  parsing: 'processing',
  validating: 'processing',
  ready: 'warning',
  committing: 'processing',
  done: 'success',
  failed: 'error',
  rolledBack: 'default',
};

export const StatusTag = ({ status }: { status: ImportStatus }) => (
  <Tag color={STATUS_COLORS[status]}>{IMPORT_STATUS_LABELS[status]}</Tag>
);
