// 操作日志: the audit log of the clerk's plants searched by actor, employee, action and dates; each entry's before and
// after shown as a per-field diff (struck out → new), all in Chinese: actions, fields and codes by their names
// (contract/audit-labels.ts), times in China time, sealed numbers as their masks.
import { AUDIT_ACTIONS, AUDIT_CODES, AUDIT_FIELDS, AUDIT_SUBJECT_TYPES } from '@ess/contract/audit-labels';
import type { ConsoleSession } from '@ess/contract/console';
import type { AuditEntry } from '@ess/contract/people';
import type { Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { callApiEnvelope } from '../../lib/api-client';
import { formatShanghaiTime } from '../../lib/dates';
import { plantOptions } from '../plant-options';

type Filter = {
  actorEmpNo?: string;
  subjectEmpNo?: string;
  action?: string;
  from?: string;
  to?: string;
  bu?: Plant;
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const fieldName = (key: string) => AUDIT_FIELDS[key] ?? key;

/** A value as a clerk reads it: codes by their names, times in China time, a sealed number as its mask. */
const show = (value: unknown, key = ''): string => {
  if (value === null || value === undefined || value === '') return '（空）';
  if (Array.isArray(value)) {
    if (value.length === 0) return '（无）';
    return value.map((item) => (key === 'fields' ? fieldName(String(item)) : show(item))).join('、');
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.masked === 'string') return record.masked;
    if ('sealed' in record) return '（已加密）';
    const entries = Object.entries(record);
    if (entries.length === 0) return '（无）';
    return entries.map(([inner, innerValue]) => `${fieldName(inner)}：${show(innerValue, inner)}`).join('；');
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

const AuditPage = ({ session }: { session: ConsoleSession }) => {
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const entries = useQuery({
    queryKey: ['console', 'audit', filter, page],
    queryFn: ({ signal }) =>
      callApiEnvelope('searchAuditLog', { ...filter, CurrentPage: page, PageSize: 20 }, { signal }),
    staleTime: 0,
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        操作日志
      </Typography.Title>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          onFinish={(values) => {
            setPage(1);
            setFilter(Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Filter);
          }}
        >
          <Form.Item name="actorEmpNo" label="操作人工号">
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="subjectEmpNo" label="员工工号">
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="action" label="操作">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 160 }}
              options={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="from" label="从">
            <Input type="date" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="to" label="至">
            <Input type="date" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="bu" label="工厂">
            <Select allowClear style={{ width: 80 }} options={plantOptions(session.adminPlants)} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form>
      </Card>
      <Card size="small">
        <Table<AuditEntry>
          size="small"
          rowKey="id"
          loading={entries.isLoading}
          dataSource={entries.data?.data ?? []}
          pagination={{
            current: page,
            pageSize: 20,
            total: entries.data?.totalCount ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 条`,
          }}
          columns={[
            { title: '时间', dataIndex: 'at', width: 160 },
            {
              title: '操作人',
              width: 130,
              render: (_, row) => (row.actorEmpNo ? `${row.actorName}（${row.actorEmpNo}）` : '系统'),
            },
            {
              title: '操作',
              width: 120,
              render: (_, row) => AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS] ?? row.action,
            },
            {
              title: '对象',
              width: 150,
              render: (_, row) =>
                row.subjectEmpNo
                  ? `${row.subjectName}（${row.subjectEmpNo}）`
                  : `${AUDIT_SUBJECT_TYPES[row.subjectType] ?? row.subjectType} ${row.subjectId}`,
            },
            { title: '变更', render: (_, row) => <AuditDiff before={row.before} after={row.after} /> },
          ]}
        />
      </Card>
    </Space>
  );
};

export default AuditPage;
