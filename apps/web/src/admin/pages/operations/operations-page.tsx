// 备份与任务 (SysAdmin): the daily backups' latest runs, and the background jobs that failed after their retries,
// each with 重试 once the cause is mended (a full disk, a controller down). The jobs run on whichever instance takes
// them; a retried one leaves the list and runs within seconds.
import type { BackupRun, FailedJob } from '@ess/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType, Typography } from 'antd';
import { backupStatusQuery } from '../../api/get-backup-status';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { ct } from '../../texts';
import { failedJobsQuery } from './api/get-failed-jobs';
import { useRetryJob } from './api/retry-job';

const o = ct.operations;

const RUN_COLUMNS: TableColumnsType<BackupRun> = [
  { title: o.slot, dataIndex: 'slot', key: 'slot', width: 110 },
  { title: o.startedAt, dataIndex: 'startedAt', key: 'startedAt', width: 150 },
  { title: o.finishedAt, dataIndex: 'finishedAt', key: 'finishedAt', width: 150 },
  {
    title: o.status,
    key: 'status',
    width: 80,
    // Words, the failure also in the error colour (the tags' pale greens fall short of AA contrast).
    render: (_, run) => (run.status === 'ok' ? o.ok : <Typography.Text type="danger">{o.failed}</Typography.Text>),
  },
  { title: o.file, dataIndex: 'file', key: 'file', render: (file: string | null) => file ?? '—' },
  {
    title: o.size,
    key: 'size',
    width: 100,
    render: (_, run) => (run.size === null ? '—' : o.megabytes(run.size)),
  },
  {
    title: o.reason,
    dataIndex: 'message',
    key: 'message',
    render: (message: string | null) => message ?? '',
  },
];

const RetryButton = ({ job }: { job: FailedJob }) => {
  const retry = useRetryJob();
  return (
    <Button
      size="small"
      aria-label={o.retryOf(job.label)}
      loading={retry.isPending}
      onClick={() => retry.mutate({ name: job.name, id: job.id })}
    >
      {o.retry}
    </Button>
  );
};

const JOB_COLUMNS: TableColumnsType<FailedJob> = [
  { title: o.job, dataIndex: 'label', key: 'label', width: 140 },
  { title: o.failedAt, dataIndex: 'failedAt', key: 'failedAt', width: 150 },
  { title: o.retries, key: 'retries', width: 90, render: (_, job) => o.retryTimes(job.retries) },
  {
    title: o.reason,
    dataIndex: 'message',
    key: 'message',
    render: (message: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{message}</Typography.Text>,
  },
  { title: ct.common.actions, key: 'retry', width: 90, render: (_, job) => <RetryButton job={job} /> },
];

const OperationsPage = () => {
  // Read again every quarter minute here: a backup retried below finishes within moments.
  const backups = useQuery({ ...backupStatusQuery(true), refetchInterval: 15_000 });
  const jobs = useQuery(failedJobsQuery());
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {ct.menu.operations}
      </Typography.Title>
      <Card size="small" title={o.backups}>
        <QueryErrorOf query={backups} />
        {backups.data && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              {backups.data.isScheduled ? o.scheduled : o.notScheduled}
              {backups.data.lastSuccessAt ? o.lastSuccess(backups.data.lastSuccessAt) : o.noSuccess}
            </Typography.Text>
            <Table<BackupRun>
              size="small"
              rowKey="slot"
              columns={RUN_COLUMNS}
              dataSource={backups.data.runs}
              pagination={false}
              scroll={{ x: 760 }}
              locale={emptyLocale(o.noRuns)}
            />
          </Space>
        )}
      </Card>
      <Card size="small" title={o.failedJobs}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{o.failedJobsHint}</Typography.Text>
          <QueryErrorOf query={jobs} />
          <Table<FailedJob>
            size="small"
            rowKey="id"
            loading={jobs.isPending}
            columns={JOB_COLUMNS}
            dataSource={jobs.data ?? []}
            pagination={false}
            scroll={{ x: 640 }}
            locale={emptyLocale(o.noFailedJobs)}
          />
        </Space>
      </Card>
    </Space>
  );
};

export default OperationsPage;
