// 发布新公告: title, rich-text body, an optional PDF, the audience (plants; within them departments, teams, roles or
// pasted employee numbers), 须确认, and an optional period. The server checks all of it again (and keeps only the
// allow-listed part of the body); its refusal shows as the console shows every failed change.
import { announcementsRoutes } from '@ess/contract/announcements';
import type { ConsoleSession } from '@ess/contract/console';
import { Button, DatePicker, Drawer, Form, Input, Popconfirm, Space, Switch, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { contractRules } from '../../../components/form/contract-rules';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { showToast } from '../../../lib/toast';
import { AudienceFields, type AudienceValues, audienceOf, initialAudience } from '../../components/audience-fields';
import { ct } from '../../texts';
import { usePublishAnnouncement } from './api/publish-announcement';
import { uploadAnnouncementFile } from './api/upload-announcement-file';
import { RichTextEditor } from './rich-text-editor';

const a = ct.announcements;
const rulesOf = contractRules(announcementsRoutes.publishAnnouncement.request);

type Values = AudienceValues & {
  title: string;
  body: string;
  mustAcknowledge: boolean;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
};

/** Text or a picture: an emptied editor leaves tags (<br>, <p></p>) behind. */
const hasContent = (html: string) => /<img\s/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0;
const timeOf = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD HH:mm') : undefined);

const Attachment = ({ value, onChange }: { value?: string; onChange?: (path: string | undefined) => void }) => {
  const [isUploading, setUploading] = useState(false);
  const [name, setName] = useState('');
  if (value) {
    return (
      <Space>
        <a href={value} target="_blank" rel="noopener noreferrer">
          {name || a.openAttachment}
        </a>
        <Button size="small" onClick={() => onChange?.(undefined)}>
          {a.removeAttachment}
        </Button>
      </Space>
    );
  }
  return (
    <Upload
      accept="application/pdf"
      showUploadList={false}
      beforeUpload={async (file) => {
        setUploading(true);
        try {
          onChange?.(await uploadAnnouncementFile(file));
          setName(file.name);
        } catch (error) {
          void showToast({ content: error instanceof Error ? error.message : String(error), kind: 'fail' });
        } finally {
          setUploading(false);
        }
        return false;
      }}
    >
      <Button loading={isUploading}>{isUploading ? a.uploading : a.chooseAttachment}</Button>
    </Upload>
  );
};

export const PublishDrawer = ({ session, onClose }: { session: ConsoleSession; onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const publish = usePublishAnnouncement();
  const { key, renew } = useIdempotencyKey();
  const [attachment, setAttachment] = useState<string | undefined>();

  const submit = (values: Values) => {
    const draft = {
      title: values.title,
      body: values.body,
      attachment: attachment ?? '',
      audience: audienceOf(values),
      mustAcknowledge: values.mustAcknowledge,
      startsAt: timeOf(values.startsAt),
      endsAt: timeOf(values.endsAt),
    };
    publish.mutate(
      { draft, idempotencyKey: key },
      {
        onSuccess: () => {
          renew();
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open
      width="min(920px, 96vw)"
      title={a.publishTitle}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Popconfirm
          title={a.publishConfirm}
          okText={a.publish}
          cancelText={ct.common.cancel}
          onConfirm={() => form.validateFields().then(submit, () => undefined)}
        >
          <Button type="primary" loading={publish.isPending}>
            {a.publish}
          </Button>
        </Popconfirm>
      }
    >
      <Form<Values>
        name="announcement"
        form={form}
        layout="vertical"
        initialValues={{
          title: '',
          body: '',
          ...initialAudience(session),
          mustAcknowledge: false,
        }}
      >
        <Form.Item name="title" label={a.title} rules={rulesOf('title')}>
          <Input maxLength={100} showCount placeholder={a.titlePlaceholder} />
        </Form.Item>
        <Form.Item
          name="body"
          label={a.body}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!hasContent(value ?? '')) throw new Error(a.bodyRequired);
              },
            },
          ]}
        >
          <RichTextEditor />
        </Form.Item>
        <Form.Item label={a.attachment}>
          <Attachment value={attachment} onChange={setAttachment} />
        </Form.Item>
        <AudienceFields session={session} />
        <Space size="large" wrap align="start">
          <Form.Item
            name="mustAcknowledge"
            label={a.mustAcknowledge}
            valuePropName="checked"
            extra={a.mustAcknowledgeHint}
          >
            <Switch />
          </Form.Item>
          <Form.Item name="startsAt" label={a.startsAt}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={a.startsNow} />
          </Form.Item>
          <Form.Item name="endsAt" label={a.endsAt}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={a.noEnd} />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
};
