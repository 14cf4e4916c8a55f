// 员工疑问: the questions on lines of the batch's payslips, each answered in its row.
import type { PayslipBatch, PayslipDispute } from '@ess/contract/payslip-batches';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { QueryErrorOf } from '../../components/query-error';
import { ct } from '../../texts';
import { useAnswerDispute } from './api/answer-payslip-dispute';
import { batchDisputesQuery } from './api/list-payslip-disputes';

export const BatchDisputes = ({ batch }: { batch: PayslipBatch }) => {
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const disputes = useQuery(batchDisputesQuery(batch.id));
  const answer = useAnswerDispute();
  if (disputes.isError) return <QueryErrorOf query={disputes} />;
  return (
    <Table<PayslipDispute>
      size="small"
      rowKey="id"
      loading={disputes.isLoading}
      dataSource={disputes.data ?? []}
      pagination={false}
      columns={[
        { title: ct.batches.employee, render: (_, row) => ct.common.person(row.empName, row.empNo), width: 130 },
        { title: ct.batches.item, dataIndex: 'itemLabel', width: 90 },
        { title: ct.batches.question, dataIndex: 'question' },
        {
          title: ct.batches.answer,
          width: 300,
          render: (_, row) =>
            row.status === 'answered' ? (
              row.answer
            ) : row.status === 'settled' ? (
              <Typography.Text type="secondary">{ct.batches.settledUnanswered}</Typography.Text>
            ) : (
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label={ct.batches.answerOf(row.empName)}
                  value={answers[row.id] ?? ''}
                  onChange={(event) => setAnswers((before) => ({ ...before, [row.id]: event.target.value }))}
                />
                <Button type="primary" onClick={() => answer.mutate({ id: row.id, answer: answers[row.id] ?? '' })}>
                  {ct.batches.answer}
                </Button>
              </Space.Compact>
            ),
        },
      ]}
    />
  );
};
