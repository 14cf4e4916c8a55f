// 数据导入: pick the plant, the kind and the month, download the template, upload the sheet; the job's state shows
// live (pushed over the socket, read again by REST); then the columns and unknown values are mapped, the preview and
// the rejected rows checked, and the import committed. The history lists every import with its rollback.
import type { ConsoleSession } from '@ess/contract/console';
import {
  DATE_FORMATS,
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_STATUS_LABELS,
  type ImportKind,
  type ImportStatus,
  isMonthlyKind,
} from '@ess/contract/import-kinds';
import type { ImportJob, ImportJobListItem } from '@ess/contract/imports';
import type { PLANTS } from '@ess/contract/plants';
import { EMP_TYPE_LABELS, EMP_TYPES } from '@ess/contract/salary';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Divider,
  Form,
  Popconfirm,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { callApi, callApiEnvelope, callMultipartEnvelope, describeError } from '../../lib/api-client';
import { saveDownload } from '../download';
import { plantOptions } from '../plant-options';

const IMPORTS_KEY = ['console', 'imports'] as const;
const WORKING: readonly ImportStatus[] = ['queued', 'parsing', 'validating', 'committing'];
const STATUS_COLORS: Record<ImportStatus, string> = {
  queued: 'default',
  parsing: 'processing',
  validating: 'processing',
  ready: 'warning',
  committing: 'processing',
  done: 'success',
  failed: 'error',
  rolledBack: 'default',
};

const StatusTag = ({ status }: { status: ImportStatus }) => (
  <Tag color={STATUS_COLORS[status]}>{IMPORT_STATUS_LABELS[status]}</Tag>
);

const SAFETY_TYPES = [
  ['EHS01', '人的不安全行为'],
  ['EHS02', '物的不安全状态'],
  ['EHS03', '作业环境缺陷'],
  ['EHS04', '安全管理缺陷'],
] as const;
const LOOKUP_CHOICES: Record<string, { value: string; label: string }[]> = {
  empType: EMP_TYPES.map((code) => ({ value: code, label: `${code} ${EMP_TYPE_LABELS[code]}` })),
  safetyType: SAFETY_TYPES.map(([code, name]) => ({ value: code, label: `${code} ${name}` })),
};

type UploadForm = { bu: string; kind: ImportKind; month?: Dayjs };

const UploadCard = ({ session, onUploaded }: { session: ConsoleSession; onUploaded: (id: number) => void }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadForm>();
  const kind = Form.useWatch('kind', form) ?? 'payslip';
  const [file, setFile] = useState<File | undefined>();
  const [isBusy, setBusy] = useState(false);

  const downloadTemplate = async () => {
    try {
      saveDownload(await callApi('getImportTemplate', { kind }));
    } catch (error) {
      void message.error(describeError(error));
    }
  };

  const submit = async ({ bu, kind: chosen, month }: UploadForm) => {
    if (!file) return void message.warning('请选择要上传的文件');
    const form = new FormData();
    form.append('bu', bu);
    form.append('kind', chosen);
    if (isMonthlyKind(chosen) && month) form.append('month', month.format('YYYY-MM'));
    form.append('file', file);
    setBusy(true);
    try {
      const answer = await callMultipartEnvelope('uploadImport', form);
      void message.success(answer.msg);
      setFile(undefined);
      onUploaded(answer.data.id);
    } catch (error) {
      void message.error(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="上传数据" size="small">
      <Form<UploadForm>
        form={form}
        layout="inline"
        onFinish={submit}
        initialValues={{ bu: session.adminPlants[0], kind: 'payslip', month: dayjs().subtract(1, 'month') }}
      >
        <Form.Item label="工厂" name="bu" rules={[{ required: true, message: '请选择工厂' }]}>
          <Select style={{ width: 100 }} options={plantOptions(session.adminPlants)} />
        </Form.Item>
        <Form.Item label="数据类型" name="kind" rules={[{ required: true, message: '请选择数据类型' }]}>
          <Select
            style={{ width: 150 }}
            options={IMPORT_KINDS.map((value) => ({ value, label: IMPORT_KIND_LABELS[value] }))}
          />
        </Form.Item>
        {isMonthlyKind(kind) && (
          <Form.Item label="月份" name="month" rules={[{ required: true, message: '请选择月份' }]}>
            <DatePicker picker="month" format="YYYY-MM" allowClear={false} />
          </Form.Item>
        )}
        <Form.Item label="文件">
          <Upload
            accept=".xlsx,.xls,.csv"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button>选择文件（.xlsx / .xls / .csv）</Button>
          </Upload>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={isBusy}>
              上传并校验
            </Button>
            <Button onClick={downloadTemplate}>下载{IMPORT_KIND_LABELS[kind]}模板</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
};

const fieldLabel = (kind: ImportKind, key: string) =>
  IMPORT_FIELDS[kind].find((field) => field.key === key)?.label ?? key;

/**
 * The preview's columns: every field any shown row has, in the template's order. A row leaves its empty cells out
 * (a roster row that only moves someone to another department has no 职务), so the first row alone is not enough.
 */
const previewKeys = (kind: ImportKind, rows: ImportJob['preview']) => {
  const present = new Set(rows.flatMap((row) => Object.keys(row.values)));
  const inTemplateOrder = IMPORT_FIELDS[kind].map((field) => field.key).filter((key) => present.has(key));
  return [...inTemplateOrder, ...[...present].filter((key) => !inTemplateOrder.includes(key))];
};

const JobPanel = ({ id }: { id: number }) => {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: [...IMPORTS_KEY, 'job', id],
    queryFn: ({ signal }) => callApi('getImportJob', { id }, { signal }),
    staleTime: 0,
    // The socket wakes this page; a slow poll while the job works covers a socket that is away.
    refetchInterval: (query) => (query.state.data && WORKING.includes(query.state.data.status) ? 2000 : false),
  });
  const [columns, setColumns] = useState<Record<string, string>>({});
  const [valueMap, setValueMap] = useState<Record<string, Record<string, string>>>({});
  const [dateFormats, setDateFormats] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const data = job.data;
  if (!data) return <Card loading />;
  const kind = data.kind;
  const fields = IMPORT_FIELDS[kind];
  const dateFields = fields.filter((field) => field.type === 'date' || field.type === 'dateTime');
  const isWorking = WORKING.includes(data.status);

  const act = async (work: () => Promise<{ msg: string }>) => {
    setBusy(true);
    try {
      const answer = await work();
      void message.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
    } catch (error) {
      void message.error(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  const remap = () =>
    act(() => callApiEnvelope('remapImport', { id, columns, valueMap, dateFormats: dateFormats as never }));
  const commit = () => act(() => callApiEnvelope('commitImport', { id }));
  const downloadRejected = async () => {
    try {
      saveDownload(await callApi('getRejectedRows', { id }));
    } catch (error) {
      void message.error(describeError(error));
    }
  };

  return (
    <Card
      size="small"
      title={
        <Space>
          <span>
            导入 #{data.id}：{data.bu} · {IMPORT_KIND_LABELS[kind]}
            {data.month ? ` · ${data.month}` : ''} · {data.fileName}
          </span>
          <StatusTag status={data.status} />
        </Space>
      }
    >
      {isWorking && (
        <Progress percent={data.progress} status="active" format={() => IMPORT_STATUS_LABELS[data.status]} />
      )}
      {data.message && <Alert type={data.status === 'failed' ? 'error' : 'warning'} showIcon message={data.message} />}
      <Descriptions size="small" column={4} style={{ marginTop: 8 }}>
        <Descriptions.Item label="总行数">{data.totalRows}</Descriptions.Item>
        <Descriptions.Item label="可导入">{data.validRows}</Descriptions.Item>
        <Descriptions.Item label="未通过">{data.rejectedRows}</Descriptions.Item>
        <Descriptions.Item label="上传人">{data.createdBy}</Descriptions.Item>
      </Descriptions>
      {data.status === 'ready' && (
        <>
          <Divider titlePlacement="start" plain>
            列映射（指定一次，下月自动沿用）
          </Divider>
          <Table
            size="small"
            pagination={false}
            rowKey="index"
            dataSource={data.columns}
            scroll={{ y: 200 }}
            columns={[
              { title: '文件中的列', dataIndex: 'header' },
              {
                title: '对应字段',
                render: (_, column) => (
                  <Select
                    aria-label={`“${column.header}”对应的字段`}
                    style={{ width: 200 }}
                    value={columns[column.header] ?? column.field ?? ''}
                    onChange={(value) => setColumns((before) => ({ ...before, [column.header]: value }))}
                    options={[
                      { value: '', label: '（不导入）' },
                      ...fields.map((field) => ({
                        value: field.key,
                        label: `${field.label}${field.isRequired ? '（必填）' : ''}`,
                      })),
                    ]}
                  />
                ),
              },
            ]}
          />
          {dateFields.length > 0 && (
            <Space style={{ marginTop: 8 }}>
              {dateFields.map((field) => (
                <span key={field.key}>
                  {field.label}的日期格式：
                  <Select
                    aria-label={`${field.label}的日期格式`}
                    style={{ width: 140 }}
                    value={dateFormats[field.key] ?? data.dateFormats[field.key] ?? 'yyyy-MM-dd'}
                    onChange={(value) => setDateFormats((before) => ({ ...before, [field.key]: value }))}
                    options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
                  />
                </span>
              ))}
            </Space>
          )}
          {data.unknownValues.length > 0 && (
            <>
              <Divider titlePlacement="start" plain>
                未识别的值
              </Divider>
              <Table
                size="small"
                pagination={false}
                rowKey={(row) => `${row.field}:${row.value}`}
                dataSource={data.unknownValues}
                columns={[
                  { title: '列', dataIndex: 'label', width: 120 },
                  { title: '值', dataIndex: 'value', width: 160 },
                  {
                    title: '出现的行',
                    render: (_, row) =>
                      `${row.rows.join('、')}${row.count > row.rows.length ? ' 等' : ''}（共 ${row.count} 行）`,
                  },
                  {
                    title: '映射为',
                    render: (_, row) => {
                      const lookup = fields.find((field) => field.key === row.field)?.lookup ?? 'empType';
                      return (
                        <Select
                          aria-label={`“${row.value}”映射为`}
                          style={{ width: 200 }}
                          placeholder="请选择"
                          value={valueMap[row.field]?.[row.value]}
                          onChange={(value) =>
                            setValueMap((before) => ({
                              ...before,
                              [row.field]: { ...before[row.field], [row.value]: value },
                            }))
                          }
                          options={[{ value: '', label: '跳过这些行' }, ...(LOOKUP_CHOICES[lookup] ?? [])]}
                        />
                      );
                    },
                  },
                ]}
              />
            </>
          )}
          <Space style={{ marginTop: 12 }}>
            <Button onClick={remap} loading={isBusy}>
              保存映射并重新校验
            </Button>
            <Popconfirm
              title={`导入 ${data.validRows} 行？`}
              description={data.month ? `将替换这些员工 ${data.month} 的原有数据。` : '将替换这些员工的原有数据。'}
              okText="导入"
              cancelText="取消"
              onConfirm={commit}
              disabled={data.missingFields.length > 0 || data.validRows === 0}
            >
              <Button type="primary" disabled={data.missingFields.length > 0 || data.validRows === 0} loading={isBusy}>
                确认导入 {data.validRows} 行
              </Button>
            </Popconfirm>
            {data.rejectedRows > 0 && <Button onClick={downloadRejected}>下载未通过的行（含错误原因）</Button>}
          </Space>
          {data.preview.length > 0 && (
            <>
              <Divider titlePlacement="start" plain>
                预览（前 {data.preview.length} 行）
              </Divider>
              <Table
                size="small"
                pagination={false}
                rowKey="row"
                scroll={{ x: true, y: 220 }}
                dataSource={data.preview}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 60, fixed: 'left' },
                  ...previewKeys(kind, data.preview).map((key) => ({
                    title: fieldLabel(kind, key),
                    key,
                    render: (_: unknown, row: ImportJob['preview'][number]) => row.values[key],
                  })),
                ]}
              />
            </>
          )}
          {data.rejected.length > 0 && (
            <>
              <Divider titlePlacement="start" plain>
                未通过校验的行（共 {data.rejectedRows} 行
                {data.rejectedRows > data.rejected.length ? `，显示前 ${data.rejected.length} 行` : ''}）
              </Divider>
              <Table
                size="small"
                pagination={false}
                rowKey="row"
                scroll={{ y: 220 }}
                dataSource={data.rejected}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  { title: '错误原因', dataIndex: 'reason' },
                ]}
              />
            </>
          )}
        </>
      )}
      {data.status === 'done' && (
        <Alert
          type="success"
          showIcon
          message={`已导入 ${data.validRows} 行。${kind === 'payslip' ? '工资单为草稿，请到“工资单发布”预览并发布。' : ''}`}
        />
      )}
    </Card>
  );
};

const History = ({ session, onOpen }: { session: ConsoleSession; onOpen: (id: number) => void }) => {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [bu, setBu] = useState<'' | (typeof PLANTS)[number]>('');
  const list = useQuery({
    queryKey: [...IMPORTS_KEY, 'list', bu, page],
    queryFn: ({ signal }) => callApiEnvelope('listImportJobs', { bu, CurrentPage: page, PageSize: 10 }, { signal }),
    staleTime: 0,
  });
  const rollback = async (id: number) => {
    try {
      const answer = await callApiEnvelope('rollbackImport', { id });
      void message.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
    } catch (error) {
      void message.error(describeError(error));
    }
  };
  return (
    <Card
      size="small"
      title="导入历史"
      extra={
        <Select
          aria-label="按工厂筛选"
          style={{ width: 120 }}
          value={bu}
          onChange={(value) => {
            setBu(value);
            setPage(1);
          }}
          options={[{ value: '', label: '全部工厂' }, ...plantOptions(session.adminPlants)]}
        />
      }
    >
      <Table<ImportJobListItem>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        pagination={{ current: page, pageSize: 10, total: list.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '工厂', dataIndex: 'bu', width: 60 },
          { title: '类型', render: (_, row) => IMPORT_KIND_LABELS[row.kind], width: 110 },
          { title: '月份', dataIndex: 'month', width: 90 },
          { title: '文件', dataIndex: 'fileName', ellipsis: true },
          { title: '状态', render: (_, row) => <StatusTag status={row.status} />, width: 100 },
          {
            title: '行数（可导入/未通过）',
            render: (_, row) => `${row.totalRows}（${row.validRows}/${row.rejectedRows}）`,
            width: 170,
          },
          { title: '上传', render: (_, row) => `${row.createdBy} ${row.createdAt}`, width: 230 },
          {
            title: '操作',
            width: 130,
            render: (_, row) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => onOpen(row.id)}>
                  查看
                </Button>
                {row.status === 'done' && (
                  <Popconfirm
                    title="回滚这次导入？"
                    description={
                      row.kind === 'employees'
                        ? '将删除这次导入新建的员工（连同其账号和已有数据），并恢复被更新员工的原资料。'
                        : '将恢复导入前的数据。'
                    }
                    okText="回滚"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => rollback(row.id)}
                  >
                    <Button size="small" type="link" danger>
                      回滚
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

const ImportsPage = ({ session }: { session: ConsoleSession }) => {
  const [openJob, setOpenJob] = useState<number | undefined>();
  const content = useMemo(
    () => (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          数据导入
        </Typography.Title>
        <UploadCard session={session} onUploaded={setOpenJob} />
        {openJob !== undefined && <JobPanel key={openJob} id={openJob} />}
        <History session={session} onOpen={setOpenJob} />
      </Space>
    ),
    [session, openJob],
  );
  return content;
};

export default ImportsPage;
