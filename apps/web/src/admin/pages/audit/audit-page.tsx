// 操作日志: the audit log of the clerk's plants searched by actor, employee, action and dates; each entry's before and
// after shown as a per-field diff (audit-diff.tsx).
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from '@ess/contract/audit-labels';
import type { ConsoleSession } from '@ess/contract/console';
import type { AuditEntry } from '@ess/contract/people';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { AUDIT_PAGE_SIZE, type AuditFilter, auditListQuery } from './api/search-audit-log';
import { AuditDiff } from './audit-diff';

const AuditPage = ({ session }: { session: ConsoleSession }) => {
  const [form] = Form.useForm<AuditFilter>();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const entries = useQuery(auditListQuery(filter, page));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {ct.menu.audit}
      </Typography.Title>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          onFinish={(values) => {
            setPage(1);
            setFilter(Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as AuditFilter);
          }}
        >
          <Form.Item name="actorEmpNo" label={ct.audit.actorEmpNo}>
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="subjectEmpNo" label={ct.audit.subjectEmpNo}>
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="action" label={ct.common.actions}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 160 }}
              options={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="from" label={ct.audit.from}>
            <Input type="date" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="to" label={ct.audit.to}>
            <Input type="date" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="bu" label={ct.common.plant}>
            <Select allowClear style={{ width: 140 }} options={plantOptions(session.adminPlants)} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {ct.common.search}
          </Button>
        </Form>
      </Card>
      <Card size="small">
        <PagedTable<AuditEntry>
          query={entries}
          page={page}
          pageSize={AUDIT_PAGE_SIZE}
          onPage={setPage}
          showTotal={ct.audit.total}
          columns={[
            { title: ct.audit.time, dataIndex: 'at', width: 160 },
            {
              title: ct.audit.actor,
              width: 130,
              render: (_, row) => (row.actorEmpNo ? ct.common.person(row.actorName, row.actorEmpNo) : ct.audit.system),
            },
            {
              title: ct.common.actions,
              width: 120,
              render: (_, row) => AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS] ?? row.action,
            },
            {
              title: ct.audit.subject,
              width: 150,
              render: (_, row) =>
                row.subjectEmpNo
                  ? ct.common.person(row.subjectName, row.subjectEmpNo)
                  : `${AUDIT_SUBJECT_TYPES[row.subjectType] ?? row.subjectType} ${row.subjectId}`,
            },
            { title: ct.audit.change, render: (_, row) => <AuditDiff before={row.before} after={row.after} /> },
          ]}
        />
      </Card>
    </Space>
  );
};

export default AuditPage;
