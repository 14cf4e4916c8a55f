// 确认情况 of a handbook version: accepted N of M (employees of its plants not marked as left), per plant and
// department with the rate, who has not accepted (paged, by plant and department) and the .xlsx of every employee.

import { CONSOLE_PAGE_SIZE } from '@ess/contract/common';
import type { AcceptanceGroup, HandbookVersion } from '@ess/contract/handbook';
import type { Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { ct } from '../../texts';
import { useExportAcceptance } from './api/export-handbook-acceptance';
import { acceptanceQuery, type PendingFilter, pendingQuery } from './api/get-handbook-acceptance';

const h = ct.handbook;

type GroupRow = { key: string; name: string; employees: number; accepted: number; children?: GroupRow[] };

/** Plants with their departments under them. */
const treeOf = (groups: AcceptanceGroup[]): GroupRow[] => {
  const plants = new Map<string, GroupRow>();
  for (const group of groups) {
    const plant = plants.get(group.bu) ?? { key: group.bu, name: group.bu, employees: 0, accepted: 0, children: [] };
    plant.employees += group.employees;
    plant.accepted += group.accepted;
    plant.children?.push({
      key: `${group.bu}/${group.deptName}`,
      name: group.deptName || '—',
      employees: group.employees,
      accepted: group.accepted,
    });
    plants.set(group.bu, plant);
  }
  return [...plants.values()];
};

const ratePercent = (row: { accepted: number; employees: number }) =>
  row.employees === 0 ? 0 : Math.floor((row.accepted / row.employees) * 1000) / 10;

const GROUP_COLUMNS: TableColumnsType<GroupRow> = [
  { title: h.group, dataIndex: 'name', key: 'name' },
  { title: h.employees, dataIndex: 'employees', key: 'employees', width: 90, align: 'right' },
  { title: h.accepted, dataIndex: 'accepted', key: 'accepted', width: 90, align: 'right' },
  {
    title: h.notAccepted,
    key: 'pending',
    width: 90,
    align: 'right',
    render: (_, row) => row.employees - row.accepted,
  },
  {
    title: h.rate,
    key: 'rate',
    width: 200,
    render: (_, row) => (
      <Progress
        percent={ratePercent(row)}
        // Never antd's light success green, too faint for its text (WCAG AA).
        status="normal"
        size="small"
        aria-label={h.rateOf(row.name)}
        format={() => h.percent(row.accepted, row.employees)}
      />
    ),
  },
];

export const AcceptancePanel = ({ version }: { version: HandbookVersion }) => {
  const summary = useQuery(acceptanceQuery(version.id));
  const [filter, setFilter] = useState<PendingFilter>({ bu: '', deptName: '' });
  const [page, setPage] = useState(1);
  const pending = useQuery(pendingQuery(version.id, filter, page));
  const exportSheet = useExportAcceptance();
  const groups = summary.data?.groups ?? [];
  const tree = useMemo(() => treeOf(groups), [groups]);
  const depts = [...new Set(groups.filter((group) => !filter.bu || group.bu === filter.bu).map((g) => g.deptName))];
  const filterBy = (patch: Partial<PendingFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  if (summary.isError && !summary.data) return <QueryErrorOf query={summary} />;
  const data = summary.data;
  return (
    <Card
      size="small"
      title={h.summaryTitle(version.label)}
      loading={summary.isPending}
      extra={
        <Button loading={exportSheet.isPending} onClick={() => exportSheet.mutate({ id: version.id })}>
          {h.export}
        </Button>
      }
    >
      {data && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Row gutter={24} align="middle">
            <Col>
              <Statistic title={h.accepted} value={h.ofEmployees(data.accepted, data.employees)} />
            </Col>
            <Col>
              <Statistic title={h.rate} value={h.percent(data.accepted, data.employees)} />
            </Col>
            <Col flex="auto">
              <Progress percent={ratePercent(data)} status="normal" showInfo={false} aria-label={h.rate} />
              <Typography.Text type="secondary">{h.countedHint}</Typography.Text>
            </Col>
          </Row>
          <Table<GroupRow>
            aria-label={h.acceptance}
            size="small"
            rowKey="key"
            columns={GROUP_COLUMNS}
            dataSource={tree}
            pagination={false}
            expandable={{ defaultExpandAllRows: tree.length === 1 }}
            locale={emptyLocale(h.emptyGroups)}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {h.pendingTitle}
          </Typography.Title>
          <Space wrap>
            <Select<Plant | ''>
              aria-label={h.plantFilter}
              value={filter.bu}
              options={[
                { value: '', label: h.allPlants },
                ...data.plants.map((plant) => ({ value: plant, label: plant })),
              ]}
              onChange={(bu) => filterBy({ bu, deptName: '' })}
              virtual={false}
              style={{ width: 120 }}
            />
            <Select<string>
              aria-label={h.deptFilter}
              value={filter.deptName}
              options={[{ value: '', label: h.allDepts }, ...depts.map((dept) => ({ value: dept, label: dept }))]}
              onChange={(deptName) => filterBy({ deptName })}
              virtual={false}
              style={{ width: 160 }}
            />
          </Space>
          {pending.isError && !pending.data ? (
            <QueryErrorOf query={pending} />
          ) : (
            <Table
              aria-label={h.pendingTitle}
              size="small"
              rowKey="id"
              loading={pending.isPending}
              dataSource={pending.data?.rows ?? []}
              columns={[
                { title: ct.common.empNo, dataIndex: 'empNo', key: 'empNo', width: 120 },
                { title: ct.common.name, dataIndex: 'name', key: 'name', width: 120 },
                { title: ct.common.plant, dataIndex: 'bu', key: 'bu', width: 80 },
                { title: ct.common.dept, dataIndex: 'deptName', key: 'deptName' },
              ]}
              locale={emptyLocale(h.emptyPending)}
              pagination={{
                current: page,
                pageSize: CONSOLE_PAGE_SIZE,
                total: pending.data?.totalCount ?? 0,
                showSizeChanger: false,
                showTotal: h.total,
                onChange: setPage,
              }}
            />
          )}
        </Space>
      )}
    </Card>
  );
};
