// One record the request touches (基本信息, 新增学历, 修改工作经历, 删除…, 银行卡): its fields, an unchanged one as it
// is, a changed one as the old value struck out → the new one, marked 已修改 in words (never colour alone). A scan
// shows small and opens full size; a file no browser draws becomes a link that opens it.
import type { ChangeField, ChangeGroup as Group } from '@ess/contract/review';
import { Card, Descriptions, Image, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ct } from '../../../texts';

const r = ct.review;
/** Solid tags in dark colours: white words on them meet WCAG AA (antd's light presets do not). */
const GROUP_COLORS: Record<Group['change'], string> = {
  added: '#237804',
  removed: '#a8071a',
  changed: '#0b5ad9',
  unchanged: 'default',
};

const FileValue = ({ path, name }: { path: string; name: string }) => {
  const [isPicture, setPicture] = useState(true);
  if (!isPicture) {
    return (
      <a href={path} target="_blank" rel="noopener noreferrer" aria-label={r.openFileLabel(name)}>
        {r.openFile}
      </a>
    );
  }
  return (
    <Image
      src={path}
      alt={name}
      width={160}
      style={{ maxHeight: 120, objectFit: 'contain' }}
      onError={() => setPicture(false)}
      preview={{ mask: r.enlarge(name) }}
    />
  );
};

const Value = ({ field, side }: { field: ChangeField; side: 'before' | 'after' }) => {
  const value = field[side];
  if (value === null || value === '') return <Typography.Text type="secondary">{r.emptyValue}</Typography.Text>;
  if (field.isFile)
    return <FileValue path={value} name={side === 'before' ? r.sideBefore(field.label) : r.sideAfter(field.label)} />;
  return <>{value}</>;
};

export const FieldDiff = ({ field }: { field: ChangeField }) => {
  if (!field.isChanged) return <Value field={field} side="after" />;
  return (
    <Space wrap size={8} align="center">
      <del className="review-old" style={{ color: '#b42318', background: '#fef3f2' }}>
        <Value field={field} side="before" />
      </del>
      <span aria-hidden="true">→</span>
      <ins className="review-new" style={{ color: '#067647', background: '#ecfdf3', textDecoration: 'none' }}>
        <Value field={field} side="after" />
      </ins>
      <Tag color={GROUP_COLORS.changed}>{r.changed}</Tag>
    </Space>
  );
};

export const ChangeGroup = ({ group, isNarrow }: { group: Group; isNarrow: boolean }) => (
  <Card
    size="small"
    className="review-group"
    title={
      <Space>
        <span>{group.title}</span>
        <Tag color={GROUP_COLORS[group.change]}>{r.groupChanges[group.change]}</Tag>
      </Space>
    }
    style={{ marginBottom: 12 }}
  >
    {group.fields.length === 0 ? (
      <Typography.Text type="secondary">{r.noFields}</Typography.Text>
    ) : (
      <Descriptions
        column={1}
        size="small"
        bordered
        // On a tablet the label sits above its value, leaving the value the width.
        layout={isNarrow ? 'vertical' : 'horizontal'}
        styles={{ label: { width: isNarrow ? undefined : 140, whiteSpace: 'nowrap' } }}
        items={group.fields.map((field, index) => ({
          key: `${index}`,
          label: field.label,
          children: <FieldDiff field={field} />,
        }))}
      />
    )}
  </Card>
);
