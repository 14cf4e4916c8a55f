// 工资单发布: each imported month of a plant as a batch with its state and counts (payslips, read, confirmed,
// questioned); preview one employee's payslip, publish, withdraw with a reason, publish again as a new version,
// answer the questions on lines, list every view of a payslip, export the reading and confirmation.
import type { ConsoleSession } from '@ess/contract/console';
import type { PayslipBatch } from '@ess/contract/payslip-batches';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { plantLabel } from '../../plant-options';
import { ct } from '../../texts';
import { useExportBatch } from './api/export-payslip-batch';
import { BATCH_PAGE_SIZE, batchListQuery } from './api/list-payslip-batches';
import { usePublishBatch } from './api/publish-payslip-batch';
import { BatchDisputes } from './batch-disputes';
import { BatchPreview } from './batch-preview';
import { BatchViews } from './batch-views';
import { WithdrawDialog } from './withdraw-dialog';

const STATUS_COLORS: Record<PayslipBatch['status'], string> = {
  draft: 'default',
  published: 'success',
  withdrawn: 'warning',
};

const BatchesPage = ({ session }: { session: ConsoleSession }) => {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ batch: PayslipBatch; view: 'preview' | 'disputes' | 'views' } | undefined>();
  const [withdrawing, setWithdrawing] = useState<PayslipBatch | undefined>();
  const batches = useQuery(batchListQuery(page));
  const publish = usePublishBatch();
  const exportBatch = useExportBatch();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {ct.menu.batches}
      </Typography.Title>
      <Typography.Text type="secondary">{ct.batches.intro(session.adminPlants.join('、'))}</Typography.Text>
      <Card size="small">
        <PagedTable<PayslipBatch>
          query={batches}
          page={page}
          pageSize={BATCH_PAGE_SIZE}
          onPage={setPage}
          columns={[
            { title: ct.common.plant, dataIndex: 'bu', width: 90, render: plantLabel },
            { title: ct.common.month, dataIndex: 'month', width: 90 },
            {
              title: ct.common.status,
              width: 150,
              render: (_, row) => (
                <Space size={4}>
                  <Tag color={STATUS_COLORS[row.status]}>{ct.batches.status[row.status]}</Tag>
                  {row.version > 0 && <span>{ct.batches.version(row.version)}</span>}
                </Space>
              ),
            },
            { title: ct.batches.payslips, dataIndex: 'employees', width: 70 },
            { title: ct.batches.read, dataIndex: 'read', width: 70 },
            { title: ct.batches.confirmed, dataIndex: 'confirmed', width: 70 },
            {
              title: ct.batches.disputed,
              width: 90,
              render: (_, row) =>
                row.openDisputes > 0 ? ct.batches.disputedOpen(row.disputed, row.openDisputes) : row.disputed,
            },
            {
              title: ct.batches.publishedOrWithdrawn,
              render: (_, row) =>
                row.status === 'withdrawn'
                  ? ct.batches.withdrawnAt(row.withdrawnAt, row.withdrawReason)
                  : (row.publishedAt ?? '—'),
            },
            {
              title: ct.common.actions,
              width: 300,
              render: (_, row) => (
                <Space size={0} wrap>
                  <Button size="small" type="link" onClick={() => setOpen({ batch: row, view: 'preview' })}>
                    {ct.batches.preview}
                  </Button>
                  {row.status !== 'published' ? (
                    <Popconfirm
                      title={row.version > 0 ? ct.batches.republishConfirm(row.version + 1) : ct.batches.publishConfirm}
                      description={ct.batches.notifies(row.employees)}
                      okText={ct.batches.publish}
                      cancelText={ct.common.cancel}
                      onConfirm={() => publish.mutate(row.id)}
                    >
                      <Button size="small" type="link">
                        {row.version > 0 ? ct.batches.republish : ct.batches.publish}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" type="link" danger onClick={() => setWithdrawing(row)}>
                      {ct.batches.withdraw}
                    </Button>
                  )}
                  <Button size="small" type="link" onClick={() => setOpen({ batch: row, view: 'disputes' })}>
                    {ct.batches.disputes}
                  </Button>
                  <Button size="small" type="link" onClick={() => setOpen({ batch: row, view: 'views' })}>
                    {ct.batches.views}
                  </Button>
                  <Button size="small" type="link" onClick={() => exportBatch.mutate(row.id)}>
                    {ct.batches.export}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Drawer
        // The questions need room to be read: the list of them takes most of an office screen.
        width={open?.view === 'disputes' ? 'min(1100px, 90vw)' : 640}
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        title={open ? ct.batches.drawerTitle(open.batch.bu, open.batch.month, open.view) : ''}
      >
        {open?.view === 'preview' && <BatchPreview batch={open.batch} />}
        {open?.view === 'disputes' && <BatchDisputes batch={open.batch} />}
        {open?.view === 'views' && <BatchViews batch={open.batch} />}
      </Drawer>
      {withdrawing && <WithdrawDialog batch={withdrawing} onClose={() => setWithdrawing(undefined)} />}
    </Space>
  );
};

export default BatchesPage;
