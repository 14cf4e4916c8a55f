// 查看记录: every time a payslip of the batch was opened on a phone (who, when, which version), newest first; one
// employee's by number. A view the worker did not make (a shared phone) shows up here.
import type { PayslipBatch, PayslipView } from '@ess/contract/payslip-batches';
import { useQuery } from '@tanstack/react-query';
import { Input, Space } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { ct } from '../../texts';
import { batchViewsQuery, VIEW_PAGE_SIZE } from './api/list-payslip-views';

export const BatchViews = ({ batch }: { batch: PayslipBatch }) => {
  const [empNo, setEmpNo] = useState('');
  const [page, setPage] = useState(1);
  const views = useQuery(batchViewsQuery(batch.id, empNo, page));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        aria-label={ct.batches.viewsOf}
        placeholder={ct.batches.viewsOf}
        allowClear
        style={{ maxWidth: 280 }}
        onSearch={(value) => {
          setEmpNo(value.trim());
          setPage(1);
        }}
      />
      <PagedTable<PayslipView>
        query={views}
        page={page}
        pageSize={VIEW_PAGE_SIZE}
        onPage={setPage}
        showTotal={ct.batches.viewsTotal}
        columns={[
          { title: ct.batches.employee, render: (_, row) => ct.common.person(row.empName, row.empNo) },
          { title: ct.batches.viewedAt, dataIndex: 'viewedAt', width: 170 },
          { title: ct.batches.viewedVersion, width: 100, render: (_, row) => ct.batches.version(row.version) },
        ]}
      />
    </Space>
  );
};
