// 上传数据: the plant, the kind and (for monthly kinds) the month, the template to fill in, the sheet to upload.
import type { ConsoleSession } from '@ess/contract/console';
import { IMPORT_KIND_LABELS, IMPORT_KINDS, type ImportKind, isMonthlyKind } from '@ess/contract/import-kinds';
import { importRoutes } from '@ess/contract/imports';
import { App, Button, Card, DatePicker, Form, Select, Space, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { contractRules } from '../../../components/form/contract-rules';
import { getShanghaiMonth } from '../../../lib/dates';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { useDownloadTemplate } from './api/get-import-template';
import { useUploadImport } from './api/upload-import';

/** The month travels as yyyy-MM: the form holds it so, and the picker shows it as a date. */
type UploadForm = { bu: string; kind: ImportKind; month?: string };

const rulesOf = contractRules(importRoutes.uploadImport.request);
const MONTH_FORMAT = 'YYYY-MM';

export const UploadCard = ({ session, onUploaded }: { session: ConsoleSession; onUploaded: (id: number) => void }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadForm>();
  const kind = Form.useWatch('kind', form) ?? 'payslip';
  const [file, setFile] = useState<File | undefined>();
  const template = useDownloadTemplate();
  const upload = useUploadImport();

  const submit = (fields: UploadForm) => {
    if (!file) return void message.warning(ct.imports.fileMissing);
    upload.mutate(
      { ...fields, file },
      {
        onSuccess: (answer) => {
          setFile(undefined);
          onUploaded(answer.data.id);
        },
      },
    );
  };

  return (
    <Card title={ct.imports.uploadTitle} size="small">
      <Form<UploadForm>
        form={form}
        layout="inline"
        onFinish={submit}
        // Last month on the Shanghai calendar: the payslips are imported after the month ends.
        initialValues={{ bu: session.adminPlants[0], kind: 'payslip', month: getShanghaiMonth(1) }}
      >
        <Form.Item label={ct.common.plant} name="bu" rules={rulesOf('bu')}>
          <Select style={{ width: 140 }} options={plantOptions(session.adminPlants)} />
        </Form.Item>
        <Form.Item label={ct.imports.kind} name="kind" rules={rulesOf('kind')}>
          <Select
            style={{ width: 150 }}
            options={IMPORT_KINDS.map((value) => ({ value, label: IMPORT_KIND_LABELS[value] }))}
          />
        </Form.Item>
        {isMonthlyKind(kind) && (
          <Form.Item
            label={ct.common.month}
            name="month"
            rules={rulesOf('month')}
            getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
            normalize={(value?: Dayjs) => value?.format(MONTH_FORMAT)}
          >
            <DatePicker picker="month" format={MONTH_FORMAT} allowClear={false} />
          </Form.Item>
        )}
        <Form.Item label={ct.imports.file}>
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
            <Button>{ct.imports.chooseFile}</Button>
          </Upload>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={upload.isPending}>
              {ct.imports.upload}
            </Button>
            <Button onClick={() => template.mutate(kind)}>{ct.imports.template(IMPORT_KIND_LABELS[kind])}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
};
