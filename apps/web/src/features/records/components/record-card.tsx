// One record as a card: its name, its fields, its file, the 待审核 tag of a record of an edit waiting for review
// (with what the edit does to it), and the buttons of a list being edited.
import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FilePreview } from '../../../components/upload/file-preview';
import { t } from '../../../i18n/zh-CN';
import type { RecordSummary } from '../record-kinds';
import { FieldList } from './field-list';

type RecordCardProps = {
  summary: RecordSummary;
  pendingAction?: 'add' | 'edit' | 'delete';
  actions?: ReactNode;
};

export const RecordCard = ({ summary, pendingAction, actions }: RecordCardProps) => (
  <li className={pendingAction ? 'record-card record-card-pending' : 'record-card'}>
    <div className="record-card-header">
      <h3 className="record-card-title">{summary.title}</h3>
      {pendingAction && (
        <span className="record-card-tags">
          <Tag color="warning">{t.records.pending}</Tag>
          <Tag color="default" fill="outline">
            {t.records.pendingActions[pendingAction]}
          </Tag>
        </span>
      )}
    </div>
    <FieldList items={summary.items} />
    {summary.file && (
      <div className="record-card-file">
        <span className="record-card-file-label">{summary.file.label}</span>
        <FilePreview path={summary.file.path} label={`${summary.title}${summary.file.label}`} />
      </div>
    )}
    {actions && <div className="record-card-actions">{actions}</div>}
  </li>
);
