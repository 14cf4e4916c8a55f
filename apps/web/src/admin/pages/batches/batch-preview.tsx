// 预览: a name or the start of a number finds an employee of the batch's plant; picking one previews their payslip.
import type { PayslipBatch } from '@ess/contract/payslip-batches';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { ct } from '../../texts';
import { usePreviewPayslip } from './api/preview-payslip';
import { peopleSearchQuery } from './api/search-people';

export const BatchPreview = ({ batch }: { batch: PayslipBatch }) => {
  const [typed, setTyped] = useState('');
  const people = useQuery(peopleSearchQuery(batch.bu, typed));
  const preview = usePreviewPayslip();
  const look = (empNo: string) => {
    if (empNo.trim()) preview.mutate({ id: batch.id, empNo: empNo.trim() });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <AutoComplete
        style={{ width: '100%' }}
        value={typed}
        onChange={setTyped}
        onSelect={(empNo: string) => {
          setTyped(empNo);
          look(empNo);
        }}
        options={(people.data ?? []).map((person) => ({
          value: person.empNo,
          label: `${ct.common.person(person.name, person.empNo)}${person.deptName ? ` · ${person.deptName}` : ''}`,
        }))}
      >
        <Input.Search
          aria-label={ct.batches.previewWho}
          placeholder={ct.batches.previewHint}
          enterButton={ct.batches.preview}
          onSearch={look}
        />
      </AutoComplete>
      {preview.data && (
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={preview.data.ITEMS}
          columns={[
            { title: ct.batches.item, dataIndex: 'label' },
            {
              title: ct.batches.amount,
              dataIndex: 'amount',
              align: 'right',
              render: (amount: number) => amount.toFixed(2),
            },
          ]}
        />
      )}
    </Space>
  );
};
