// 导入历史: every import of the clerk's plants (or one of them), each to open again, a done one to roll back.
import type { ConsoleSession } from '@ess/contract/console';
import { IMPORT_KIND_LABELS } from '@ess/contract/import-kinds';
import type { ImportJobListItem } from '@ess/contract/imports';
import type { Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { plantLabel, plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { IMPORT_PAGE_SIZE, importListQuery } from './api/list-import-jobs';
import { useRollbackImport } from './api/rollback-import';
import { StatusTag } from './status-tag';

export const ImportHistory = ({ session, onOpen }: { session: ConsoleSession; onOpen: (id: number) => void }) => {
  const [page, setPage] = useState(1);
  const [bu, setBu] = useState<'' | Plant>('');
  const list = useQuery(importListQuery(bu, page));
  const rollback = useRollbackImport();
  return (
    <Card
      size="small"
      title={ct.imports.historyTitle}
      extra={
        <Select
          aria-label={ct.imports.filterByPlant}
          style={{ width: 120 }}
          value={bu}
          onChange={(value) => {
            setBu(value);
            setPage(1);
          }}
          options={[{ value: '', label: ct.imports.allPlants }, ...plantOptions(session.adminPlants)]}
        />
      }
    >
      <PagedTable<ImportJobListItem>
        query={list}
        page={page}
        pageSize={IMPORT_PAGE_SIZE}
        onPage={setPage}
        columns={[
          { title: ct.imports.number, dataIndex: 'id', width: 70 },
          { title: ct.common.plant, dataIndex: 'bu', width: 90, render: plantLabel },
          { title: ct.imports.type, render: (_, row) => IMPORT_KIND_LABELS[row.kind], width: 110 },
          { title: ct.common.month, dataIndex: 'month', width: 90 },
          { title: ct.imports.file, dataIndex: 'fileName', ellipsis: true },
          { title: ct.common.status, render: (_, row) => <StatusTag status={row.status} />, width: 100 },
          {
            title: ct.imports.rowCounts,
            render: (_, row) => `${row.totalRows}（${row.validRows}/${row.rejectedRows}）`,
            width: 170,
          },
          { title: ct.imports.uploaded, render: (_, row) => `${row.createdBy} ${row.createdAt}`, width: 230 },
          {
            title: ct.common.actions,
            width: 130,
            render: (_, row) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => onOpen(row.id)}>
                  {ct.imports.open}
                </Button>
                {row.status === 'done' && (
                  <Popconfirm
                    title={ct.imports.rollbackConfirm}
                    description={row.kind === 'employees' ? ct.imports.rollbackEmployees : ct.imports.rollbackData}
                    okText={ct.imports.rollback}
                    okButtonProps={{ danger: true }}
                    cancelText={ct.common.cancel}
                    onConfirm={() => rollback.mutate(row.id)}
                  >
                    <Button size="small" type="link" danger>
                      {ct.imports.rollback}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
};
