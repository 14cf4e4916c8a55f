// 阅读情况 of one notice: read (and acknowledged) N of M among those it reaches today, per plant and department; who
// has not, a page at a time; the sheet of everyone; the one reminder; and the notice itself as the workers read it.
// A notice of several plants is looked at whole or one plant at a time (the sheet of more than 20,000 people only so).
import type { AnnouncementRow, PendingRow, ReceiptSummary } from '@ess/contract/announcements';
import type { Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Popconfirm,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { ct } from '../../texts';
import { useExportReceipts } from './api/export-receipts';
import { announcementQuery } from './api/get-announcement';
import { PENDING_PAGE_SIZE, pendingQuery, receiptsQuery } from './api/get-receipts';
import { useRemindAnnouncement } from './api/remind-announcement';

const a = ct.announcements;
const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 1000) / 10);

/** A figure of the summary: done of total as a ring, named for screen readers. */
const RateCircle = ({ label, done = 0, total = 0 }: { label: string; done?: number; total?: number }) => (
  <Space direction="vertical" align="center" size={4}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <Progress
      type="circle"
      size={72}
      aria-label={label}
      percent={percent(done, total)}
      format={() => a.progress(done, total)}
    />
  </Space>
);

const Pending = ({ id, bu, kind }: { id: number; bu: Plant | ''; kind: 'unread' | 'unacknowledged' }) => {
  const [page, setPage] = useState(1);
  const pending = useQuery(pendingQuery(id, bu, kind, page));
  return (
    <PagedTable<PendingRow>
      query={pending}
      page={page}
      pageSize={PENDING_PAGE_SIZE}
      onPage={setPage}
      rowKey="empNo"
      locale={emptyLocale(a.nobodyPending)}
      showTotal={(total) => ct.submissions.total(total)}
      columns={[
        { title: ct.common.empNo, dataIndex: 'empNo', width: 110 },
        { title: ct.common.name, dataIndex: 'name', width: 100 },
        { title: ct.common.plant, dataIndex: 'bu', width: 60 },
        { title: ct.common.dept, dataIndex: 'deptName' },
        { title: ct.common.team, dataIndex: 'teamName' },
        ...(kind === 'unacknowledged'
          ? [{ title: a.readAt, dataIndex: 'readAt', width: 150, render: (value: string | null) => value ?? a.notYet }]
          : []),
      ]}
    />
  );
};

export const ReceiptsDrawer = ({ row, onClose }: { row: AnnouncementRow; onClose: () => void }) => {
  const detail = useQuery(announcementQuery(row.id));
  const [bu, setBu] = useState<Plant | ''>('');
  // Every plant's figures name the plants to choose from, and count whom the one reminder reaches.
  const whole = useQuery(receiptsQuery(row.id));
  const receipts = useQuery(receiptsQuery(row.id, bu));
  const exportReceipts = useExportReceipts();
  const remind = useRemindAnnouncement();
  const summary = receipts.data;
  const plants = [...new Set((whole.data?.groups ?? []).map((group) => group.bu))] as Plant[];
  const pendingCount = whole.data
    ? whole.data.audienceCount - (row.mustAcknowledge ? whole.data.acknowledgedCount : whole.data.readCount)
    : 0;
  return (
    <Drawer open width="min(1100px, 94vw)" title={a.receiptsTitle(row.title)} onClose={onClose}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <QueryErrorOf query={receipts} />
        {plants.length > 1 && (
          <Select<Plant | ''>
            aria-label={a.plantFilter}
            value={bu}
            options={[{ value: '', label: a.allPlants }, ...plants.map((plant) => ({ value: plant, label: plant }))]}
            onChange={setBu}
            virtual={false}
            style={{ width: 140 }}
          />
        )}
        <Card size="small">
          <Space size={48} wrap align="center">
            <Statistic title={a.audienceCount} value={summary?.audienceCount ?? '—'} />
            <RateCircle label={a.readCount} done={summary?.readCount} total={summary?.audienceCount} />
            {row.mustAcknowledge && (
              <RateCircle
                label={a.acknowledgedCount}
                done={summary?.acknowledgedCount}
                total={summary?.audienceCount}
              />
            )}
            <Space direction="vertical">
              <Button onClick={() => exportReceipts.mutate({ id: row.id, bu })} loading={exportReceipts.isPending}>
                {a.export}
              </Button>
              {row.remindedAt ? (
                <Typography.Text type="secondary">{a.reminded(row.remindedAt)}</Typography.Text>
              ) : (
                row.state === 'live' && (
                  <Popconfirm
                    title={a.remindConfirm(pendingCount)}
                    okText={row.mustAcknowledge ? a.remindAcknowledge : a.remind}
                    cancelText={ct.common.cancel}
                    disabled={pendingCount === 0}
                    onConfirm={() => remind.mutate(row.id, { onSuccess: onClose })}
                  >
                    <Button disabled={pendingCount === 0} loading={remind.isPending}>
                      {row.mustAcknowledge ? a.remindAcknowledge : a.remind}
                    </Button>
                  </Popconfirm>
                )
              )}
            </Space>
          </Space>
        </Card>
        <Card size="small" title={a.byGroup}>
          <Table
            size="small"
            rowKey={(group) => `${group.bu}/${group.deptName}`}
            loading={receipts.isLoading}
            dataSource={summary?.groups ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={emptyLocale(ct.submissions.empty)}
            columns={[
              { title: ct.common.plant, dataIndex: 'bu', width: 70 },
              { title: ct.common.dept, dataIndex: 'deptName', render: (value: string) => value || '—' },
              { title: a.audienceCount, dataIndex: 'audienceCount', width: 100 },
              {
                title: a.readCount,
                width: 200,
                render: (_, group) => (
                  <Progress
                    size="small"
                    aria-label={a.groupRead(group.bu, group.deptName)}
                    percent={percent(group.readCount, group.audienceCount)}
                    format={() => a.progress(group.readCount, group.audienceCount)}
                  />
                ),
              },
              ...(row.mustAcknowledge
                ? [
                    {
                      title: a.acknowledgedCount,
                      width: 200,
                      render: (_: unknown, group: ReceiptSummary['groups'][number]) => (
                        <Progress
                          size="small"
                          aria-label={a.groupAcknowledged(group.bu, group.deptName)}
                          percent={percent(group.acknowledgedCount, group.audienceCount)}
                          format={() => a.progress(group.acknowledgedCount, group.audienceCount)}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
        <Card size="small" title={a.pending}>
          <Tabs
            items={[
              { key: 'unread', label: a.unread, children: <Pending key={bu} id={row.id} bu={bu} kind="unread" /> },
              ...(row.mustAcknowledge
                ? [
                    {
                      key: 'unacknowledged',
                      label: a.unacknowledged,
                      children: <Pending key={bu} id={row.id} bu={bu} kind="unacknowledged" />,
                    },
                  ]
                : []),
            ]}
          />
        </Card>
        <Card size="small" title={a.preview}>
          <QueryErrorOf query={detail} />
          {detail.data && (
            <>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'audience', label: a.audience, children: detail.data.audience },
                  { key: 'period', label: a.period, children: a.periodText(detail.data.startsAt, detail.data.endsAt) },
                ]}
              />
              <div
                className="announcement-preview"
                // The server's allow-listed HTML, as the workers' app shows it.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/rich-text.ts)
                dangerouslySetInnerHTML={{ __html: detail.data.body }}
              />
              {detail.data.attachmentUrl && (
                <a href={detail.data.attachmentUrl} target="_blank" rel="noopener noreferrer">
                  {a.openAttachment}
                </a>
              )}
            </>
          )}
        </Card>
      </Space>
    </Drawer>
  );
};
