// 工资单发布: each imported month of a plant as a batch with its state and counts (payslips, read, confirmed,
// questioned); preview one employee's payslip, publish, withdraw with a reason, publish again as a new version,
// answer the questions on lines, export the reading and confirmation.
import type { ConsoleSession } from '@ess/contract/console';
import type { PayslipBatch, PayslipDispute } from '@ess/contract/payslip-batches';
import type { Plant } from '@ess/contract/plants';
import type { Payslip } from '@ess/contract/salary';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Card, Drawer, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { callApi, callApiEnvelope, describeError } from '../../lib/api-client';
import { saveDownload } from '../download';

const BATCHES_KEY = ['console', 'batches'] as const;
const STATUS: Record<PayslipBatch['status'], { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  published: { label: '已发布', color: 'success' },
  withdrawn: { label: '已撤回', color: 'warning' },
};

/** Employees of the batch's plant whose number starts with, or whose name holds, what was typed. */
const usePeopleSearch = (bu: string, typed: string) => {
  const text = typed.trim();
  const byNumber = /^[0-9A-Za-z-]+$/.test(text);
  return useQuery({
    queryKey: ['console', 'people-search', bu, text],
    queryFn: ({ signal }) =>
      callApi(
        'searchPeople',
        { bu: bu as Plant, status: 'all', PageSize: 10, ...(byNumber ? { empNo: text } : { name: text }) },
        { signal },
      ),
    enabled: text.length > 0,
    staleTime: 30_000,
  });
};

const Preview = ({ batch }: { batch: PayslipBatch }) => {
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [payslip, setPayslip] = useState<Payslip | undefined>();
  const people = usePeopleSearch(batch.bu, typed);
  const look = async (empNo: string) => {
    if (!empNo.trim()) return;
    try {
      setPayslip(JSON.parse(await callApi('previewPayslip', { id: batch.id, empNo: empNo.trim() })) as Payslip);
    } catch (error) {
      setPayslip(undefined);
      void message.error(describeError(error));
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {/* A name or the start of a number finds the employee; picking one previews their payslip. */}
      <AutoComplete
        style={{ width: '100%' }}
        value={typed}
        onChange={setTyped}
        onSelect={(empNo: string) => {
          setTyped(empNo);
          void look(empNo);
        }}
        options={(people.data ?? []).map((person) => ({
          value: person.empNo,
          label: `${person.name}（${person.empNo}）${person.deptName ? ` · ${person.deptName}` : ''}`,
        }))}
      >
        <Input.Search
          aria-label="预览员工"
          placeholder="输入姓名或工号查找员工，预览其工资单"
          enterButton="预览"
          onSearch={(value) => void look(value)}
        />
      </AutoComplete>
      {payslip && (
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={payslip.ITEMS}
          columns={[
            { title: '项目', dataIndex: 'label' },
            { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (amount: number) => amount.toFixed(2) },
          ]}
        />
      )}
    </Space>
  );
};

const Disputes = ({ batch }: { batch: PayslipBatch }) => {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const disputes = useQuery({
    queryKey: [...BATCHES_KEY, 'disputes', batch.id],
    queryFn: ({ signal }) => callApi('listPayslipDisputes', { id: batch.id }, { signal }),
    staleTime: 0,
  });
  const answer = async (id: number) => {
    try {
      const result = await callApiEnvelope('answerPayslipDispute', { id, answer: answers[id] ?? '' });
      void message.success(result.msg);
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
    } catch (error) {
      void message.error(describeError(error));
    }
  };
  return (
    <Table<PayslipDispute>
      size="small"
      rowKey="id"
      loading={disputes.isLoading}
      dataSource={disputes.data ?? []}
      pagination={false}
      columns={[
        { title: '员工', render: (_, row) => `${row.empName}（${row.empNo}）`, width: 130 },
        { title: '项目', dataIndex: 'itemLabel', width: 90 },
        { title: '疑问', dataIndex: 'question' },
        {
          title: '答复',
          width: 300,
          render: (_, row) =>
            row.status === 'answered' ? (
              row.answer
            ) : row.status === 'settled' ? (
              <Typography.Text type="secondary">员工已确认工资单，疑问已解决（未答复）</Typography.Text>
            ) : (
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label={`答复${row.empName}的疑问`}
                  value={answers[row.id] ?? ''}
                  onChange={(event) => setAnswers((before) => ({ ...before, [row.id]: event.target.value }))}
                />
                <Button type="primary" onClick={() => answer(row.id)}>
                  答复
                </Button>
              </Space.Compact>
            ),
        },
      ]}
    />
  );
};

const BatchesPage = ({ session }: { session: ConsoleSession }) => {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ batch: PayslipBatch; view: 'preview' | 'disputes' } | undefined>();
  const [withdrawing, setWithdrawing] = useState<PayslipBatch | undefined>();
  const [reason, setReason] = useState('');
  const batches = useQuery({
    queryKey: [...BATCHES_KEY, 'list', page],
    queryFn: ({ signal }) => callApiEnvelope('listPayslipBatches', { CurrentPage: page, PageSize: 10 }, { signal }),
    staleTime: 0,
  });
  const act = async (work: () => Promise<{ msg: string }>) => {
    try {
      const answer = await work();
      void message.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
      return true;
    } catch (error) {
      void message.error(describeError(error));
      return false;
    }
  };
  const exportBatch = async (id: number) => {
    try {
      saveDownload(await callApi('exportPayslipBatch', { id }));
    } catch (error) {
      void message.error(describeError(error));
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        工资单发布
      </Typography.Title>
      <Typography.Text type="secondary">
        所管工厂：{session.adminPlants.join('、')}。导入的工资单为草稿，发布后员工才能查看并收到通知。
      </Typography.Text>
      <Card size="small">
        <Table<PayslipBatch>
          size="small"
          rowKey="id"
          loading={batches.isLoading}
          dataSource={batches.data?.data ?? []}
          pagination={{ current: page, pageSize: 10, total: batches.data?.totalCount ?? 0, onChange: setPage }}
          columns={[
            { title: '工厂', dataIndex: 'bu', width: 60 },
            { title: '月份', dataIndex: 'month', width: 90 },
            {
              title: '状态',
              width: 150,
              render: (_, row) => (
                <Space size={4}>
                  <Tag color={STATUS[row.status].color}>{STATUS[row.status].label}</Tag>
                  {row.version > 0 && <span>第 {row.version} 版</span>}
                </Space>
              ),
            },
            { title: '工资单', dataIndex: 'employees', width: 70 },
            { title: '已查看', dataIndex: 'read', width: 70 },
            { title: '已确认', dataIndex: 'confirmed', width: 70 },
            {
              title: '有疑问',
              width: 90,
              render: (_, row) => (row.openDisputes > 0 ? `${row.disputed}（待答 ${row.openDisputes}）` : row.disputed),
            },
            {
              title: '发布 / 撤回',
              render: (_, row) =>
                row.status === 'withdrawn'
                  ? `撤回于 ${row.withdrawnAt}：${row.withdrawReason}`
                  : (row.publishedAt ?? '—'),
            },
            {
              title: '操作',
              width: 300,
              render: (_, row) => (
                <Space size={0} wrap>
                  <Button size="small" type="link" onClick={() => setOpen({ batch: row, view: 'preview' })}>
                    预览
                  </Button>
                  {row.status !== 'published' ? (
                    <Popconfirm
                      title={row.version > 0 ? `重新发布为第 ${row.version + 1} 版？` : '发布这批工资单？'}
                      description={`将通知 ${row.employees} 名员工。`}
                      okText="发布"
                      cancelText="取消"
                      onConfirm={() => act(() => callApiEnvelope('publishPayslipBatch', { id: row.id }))}
                    >
                      <Button size="small" type="link">
                        {row.version > 0 ? '重新发布' : '发布'}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" type="link" danger onClick={() => setWithdrawing(row)}>
                      撤回
                    </Button>
                  )}
                  <Button size="small" type="link" onClick={() => setOpen({ batch: row, view: 'disputes' })}>
                    疑问
                  </Button>
                  <Button size="small" type="link" onClick={() => exportBatch(row.id)}>
                    导出
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
        title={open ? `${open.batch.bu} ${open.batch.month} ${open.view === 'preview' ? '预览' : '员工疑问'}` : ''}
      >
        {open?.view === 'preview' && <Preview batch={open.batch} />}
        {open?.view === 'disputes' && <Disputes batch={open.batch} />}
      </Drawer>
      <Modal
        open={withdrawing !== undefined}
        title={withdrawing ? `撤回 ${withdrawing.bu} ${withdrawing.month} 工资单` : ''}
        okText="撤回"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onCancel={() => setWithdrawing(undefined)}
        onOk={async () => {
          if (!withdrawing) return;
          const id = withdrawing.id;
          if (await act(() => callApiEnvelope('withdrawPayslipBatch', { id, reason }))) {
            setWithdrawing(undefined);
            setReason('');
          }
        }}
      >
        <Input.TextArea
          aria-label="撤回原因"
          placeholder="撤回原因（员工会收到）"
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Space>
  );
};

export default BatchesPage;
