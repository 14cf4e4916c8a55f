// One import: its state live (pushed over the socket, read again by REST), its counts, and once checked the mapping,
// the rows, the rejected rows to download and the commit.
import { IMPORT_KIND_LABELS, IMPORT_STATUS_LABELS } from '@ess/contract/import-kinds';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Progress, Space } from 'antd';
import { useState } from 'react';
import { QueryErrorOf } from '../../components/query-error';
import { ct } from '../../texts';
import { useCommitImport } from './api/commit-import';
import { importJobQuery, WORKING } from './api/get-import-job';
import { useDownloadRejectedRows } from './api/get-rejected-rows';
import { useRemapImport } from './api/remap-import';
import { JobRows } from './job-rows';
import { type Mapping, MappingTables } from './mapping-tables';
import { StatusTag } from './status-tag';

export const JobPanel = ({ id }: { id: number }) => {
  const job = useQuery(importJobQuery(id));
  const [mapping, setMapping] = useState<Mapping>({ columns: {}, valueMap: {}, dateFormats: {} });
  const remap = useRemapImport();
  const commit = useCommitImport();
  const rejectedRows = useDownloadRejectedRows();
  const data = job.data;
  if (job.isError) return <QueryErrorOf query={job} />;
  if (!data) return <Card loading />;
  const isBusy = remap.isPending || commit.isPending;
  const canCommit = data.missingFields.length === 0 && data.validRows > 0;
  return (
    <Card
      size="small"
      title={
        <Space>
          <span>{ct.imports.jobTitle(data.id, data.bu, IMPORT_KIND_LABELS[data.kind], data.month, data.fileName)}</span>
          <StatusTag status={data.status} />
        </Space>
      }
    >
      {WORKING.includes(data.status) && (
        <Progress percent={data.progress} status="active" format={() => IMPORT_STATUS_LABELS[data.status]} />
      )}
      {data.message && <Alert type={data.status === 'failed' ? 'error' : 'warning'} showIcon message={data.message} />}
      <Descriptions size="small" column={4} style={{ marginTop: 8 }}>
        <Descriptions.Item label={ct.imports.totalRows}>{data.totalRows}</Descriptions.Item>
        <Descriptions.Item label={ct.imports.validRows}>{data.validRows}</Descriptions.Item>
        <Descriptions.Item label={ct.imports.rejectedRows}>{data.rejectedRows}</Descriptions.Item>
        <Descriptions.Item label={ct.imports.uploadedBy}>{data.createdBy}</Descriptions.Item>
      </Descriptions>
      {data.status === 'ready' && (
        <>
          <MappingTables job={data} mapping={mapping} onChange={setMapping} />
          <Space style={{ marginTop: 12 }}>
            <Button
              onClick={() => remap.mutate({ id, ...mapping, dateFormats: mapping.dateFormats as never })}
              loading={isBusy}
            >
              {ct.imports.remap}
            </Button>
            <Popconfirm
              title={ct.imports.commitConfirm(data.validRows)}
              description={ct.imports.commitReplaces(data.month)}
              okText={ct.imports.commitOk}
              cancelText={ct.common.cancel}
              onConfirm={() => commit.mutate(id)}
              disabled={!canCommit}
            >
              <Button type="primary" disabled={!canCommit} loading={isBusy}>
                {ct.imports.commit(data.validRows)}
              </Button>
            </Popconfirm>
            {data.rejectedRows > 0 && (
              <Button onClick={() => rejectedRows.mutate(id)}>{ct.imports.downloadRejected}</Button>
            )}
          </Space>
          <JobRows job={data} />
        </>
      )}
      {data.status === 'done' && (
        <Alert type="success" showIcon message={ct.imports.done(data.validRows, data.kind === 'payslip')} />
      )}
    </Card>
  );
};
