// 上传新版本: the PDF, its label, the day it takes effect and the plants it is for (the whole company: a SysAdmin's
// choice). The fields follow the contract's rules; the file is checked here for its kind and size and again by its
// content on the server.
import type { ConsoleSession } from '@ess/contract/console';
import { type DocumentKind, handbookRoutes, MAX_HANDBOOK_PDF_MB } from '@ess/contract/handbook';
import { Button, Checkbox, DatePicker, Form, Input, Space, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { contractRules } from '../../../components/form/contract-rules';
import { getShanghaiToday } from '../../../lib/dates';
import { FormDialog } from '../../components/form-dialog';
import { ct } from '../../texts';
import { useUploadVersion } from './api/upload-handbook-version';

const h = ct.handbook;
const rulesOf = contractRules(handbookRoutes.uploadHandbookVersion.request);
const DATE_FORMAT = 'YYYY-MM-DD';

type UploadForm = { label: string; effectiveDate: string; plants: string[]; isWholeCompany: boolean };

export const UploadDialog = ({
  kind,
  session,
  onClose,
}: {
  kind: DocumentKind;
  session: ConsoleSession;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<UploadForm>();
  const isWholeCompany = Form.useWatch('isWholeCompany', form) ?? false;
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const upload = useUploadVersion();
  const isSysAdmin = session.roles.includes('SysAdmin');

  const submit = ({ label, effectiveDate, plants, isWholeCompany: isAll }: UploadForm) => {
    if (!file) return setFileError(h.pdfMissing);
    upload.mutate({ kind, label, effectiveDate, plants: isAll ? [] : plants, file }, { onSuccess: onClose });
  };

  return (
    <FormDialog<UploadForm>
      name="upload-version"
      form={form}
      title={h.uploadTitle(h.kinds[kind])}
      okText={h.publish}
      isPending={upload.isPending}
      initialValues={{
        label: '',
        effectiveDate: getShanghaiToday(),
        // A clerk of one plant publishes for it; a clerk of several picks.
        plants: session.adminPlants.length === 1 ? [...session.adminPlants] : [],
        isWholeCompany: false,
      }}
      intro={<Typography.Paragraph type="secondary">{h.uploadIntro(h.kinds[kind])}</Typography.Paragraph>}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item label={h.pdf} required validateStatus={fileError ? 'error' : undefined} help={fileError}>
        <Upload
          accept=".pdf,application/pdf"
          maxCount={1}
          beforeUpload={(chosen) => {
            const isPdf = /\.pdf$/i.test(chosen.name) || chosen.type === 'application/pdf';
            if (!isPdf) setFileError(h.pdfWrongKind);
            else if (chosen.size > MAX_HANDBOOK_PDF_MB * 1024 * 1024) setFileError(h.pdfTooLarge);
            else {
              setFile(chosen);
              setFileError(undefined);
            }
            return false;
          }}
          onRemove={() => setFile(undefined)}
          fileList={file ? [{ uid: '1', name: `${file.name}（${h.fileSize(file.size)}）`, status: 'done' }] : []}
        >
          <Button>{h.choosePdf}</Button>
        </Upload>
      </Form.Item>
      <Form.Item name="label" label={h.label} rules={rulesOf('label')}>
        <Input placeholder={h.labelHint} maxLength={40} />
      </Form.Item>
      <Form.Item
        name="effectiveDate"
        label={h.effectiveDate}
        rules={rulesOf('effectiveDate')}
        getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
        normalize={(value?: Dayjs) => value?.format(DATE_FORMAT)}
      >
        <DatePicker format={DATE_FORMAT} allowClear={false} />
      </Form.Item>
      <Form.Item label={h.plants} required>
        <Space direction="vertical" size={4}>
          {isSysAdmin && (
            <Form.Item name="isWholeCompany" valuePropName="checked" noStyle>
              <Checkbox>{h.wholeCompanyHint}</Checkbox>
            </Form.Item>
          )}
          {!isWholeCompany && (
            <Form.Item
              name="plants"
              noStyle
              rules={[
                {
                  validator: async (_, value?: string[]) => {
                    if (!value || value.length === 0) throw new Error(h.plantsMissing);
                  },
                },
              ]}
            >
              <Checkbox.Group
                aria-label={h.plants}
                options={session.adminPlants.map((plant) => ({ value: plant, label: plant }))}
              />
            </Form.Item>
          )}
        </Space>
      </Form.Item>
    </FormDialog>
  );
};
