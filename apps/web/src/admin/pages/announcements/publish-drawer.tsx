// 发布新公告: title, rich-text body, an optional PDF, the audience (plants; within them departments, teams, roles or
// pasted employee numbers), 须确认, and an optional period. The server checks all of it again (and keeps only the
// allow-listed part of the body); its refusal shows as the console shows every failed change.
import { announcementsRoutes } from '@ess/contract/announcements';
import type { AudienceRule } from '@ess/contract/audience';
import { ROLE_NAMES } from '@ess/contract/common';
import type { ConsoleSession } from '@ess/contract/console';
import { useQueries } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { contractRules } from '../../../components/form/contract-rules';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { showToast } from '../../../lib/toast';
import { ct } from '../../texts';
import { plantTeamsQuery } from '../people/api/get-plant-teams';
import { usePublishAnnouncement } from './api/publish-announcement';
import { uploadAnnouncementFile } from './api/upload-announcement-file';
import { RichTextEditor } from './rich-text-editor';

const a = ct.announcements;
const rulesOf = contractRules(announcementsRoutes.publishAnnouncement.request);
const WHOLE_COMPANY = '*';

type Values = {
  title: string;
  body: string;
  plants: string[];
  departments: string[];
  teams: string[];
  roles: AudienceRule['roles'];
  empNos: string;
  mustAcknowledge: boolean;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
};

const numbersOf = (text: string) => [...new Set(text.split(/[\s,，、;；]+/).filter(Boolean))];
const groupsOf = (values: string[]) =>
  values.map((value) => {
    const slash = value.indexOf('/');
    return { bu: value.slice(0, slash), name: value.slice(slash + 1) } as AudienceRule['departments'][number];
  });
/** Text or a picture: an emptied editor leaves tags (<br>, <p></p>) behind. */
const hasContent = (html: string) => /<img\s/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0;
const timeOf = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD HH:mm') : undefined);

/** The departments and teams of the chosen plants, as 'NT/冲压部' values labelled 'NT 冲压部'. */
const useGroupOptions = (plants: string[]) => {
  const lists = useQueries({ queries: plants.map((bu) => plantTeamsQuery(bu)) });
  const optionsOf = (pick: (list: { departments: string[]; teams: string[] }) => string[]) =>
    lists.flatMap((list, index) =>
      (list.data ? pick(list.data) : []).map((name) => ({
        value: `${plants[index]}/${name}`,
        label: `${plants[index]} ${name}`,
      })),
    );
  return { departments: optionsOf((list) => list.departments), teams: optionsOf((list) => list.teams) };
};

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
  const isSysAdmin = session.roles.includes('SysAdmin');
  const chosenPlants = (Form.useWatch('plants', form) as string[] | undefined) ?? [];
  const isWholeCompany = chosenPlants.includes(WHOLE_COMPANY);
  const plantsOfGroups = isWholeCompany ? session.adminPlants : chosenPlants;
  const groups = useGroupOptions(plantsOfGroups);
  const empNosText = (Form.useWatch('empNos', form) as string | undefined) ?? '';

  const submit = (values: Values) => {
    const draft = {
      title: values.title,
      body: values.body,
      attachment: attachment ?? '',
      audience: {
        plants: (values.plants.includes(WHOLE_COMPANY) ? [] : values.plants) as AudienceRule['plants'],
        departments: groupsOf(values.departments ?? []),
        teams: groupsOf(values.teams ?? []),
        roles: values.roles ?? [],
        empNos: numbersOf(values.empNos ?? ''),
      },
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

  const plantOptions = [
    ...(isSysAdmin ? [{ value: WHOLE_COMPANY, label: a.wholeCompany }] : []),
    ...session.adminPlants.map((plant) => ({ value: plant, label: plant, disabled: isWholeCompany })),
  ];

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
          plants: session.adminPlants.length === 1 ? [...session.adminPlants] : [],
          departments: [],
          teams: [],
          roles: [],
          empNos: '',
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
        <Typography.Title level={5}>{a.audience}</Typography.Title>
        <Form.Item
          name="plants"
          label={a.plants}
          // A rule without `required`: antd would put aria-required on the group, which a group may not carry.
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                if (!value || value.length === 0) throw new Error(a.plantsRequired);
              },
            },
          ]}
        >
          <Checkbox.Group options={plantOptions} />
        </Form.Item>
        <Space size="large" wrap style={{ width: '100%' }} align="start">
          <Form.Item name="departments" label={a.departments} style={{ minWidth: 260 }}>
            <Select mode="multiple" allowClear options={groups.departments} optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="teams" label={a.teams} style={{ minWidth: 260 }}>
            <Select mode="multiple" allowClear options={groups.teams} optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="roles" label={a.roles} style={{ minWidth: 200 }}>
            <Select
              mode="multiple"
              allowClear
              options={ROLE_NAMES.map((role) => ({ value: role, label: a.roleLabels[role] ?? role }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="empNos"
          label={a.empNos}
          extra={numbersOf(empNosText).length > 0 ? a.empNosCount(numbersOf(empNosText).length) : undefined}
        >
          <Input.TextArea rows={2} placeholder={a.empNosPlaceholder} />
        </Form.Item>
        <Alert type="info" showIcon message={a.narrowHint} style={{ marginBottom: 16 }} />
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
