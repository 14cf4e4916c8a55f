// 分配与学习情况 of a material: its assignments (theme, audience, due date, 必修/选修, how many finished and how many
// are overdue) with 新建分配 (the audience as a notice's, a theme, a due date, 必修 or 选修); one opened shows per
// department who finished, the people not finished, overdue or done, the sheet, the one reminder and 撤回.
import type { ConsoleSession } from '@ess/contract/console';
import type { AssignmentRow, MaterialRow, ProgressPerson, StudyStanding } from '@ess/contract/materials';
import { STUDY_STANDINGS } from '@ess/contract/materials';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { AudienceFields, type AudienceValues, audienceOf, initialAudience } from '../../components/audience-fields';
import { PagedTable } from '../../components/paged-table';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { saveDownload } from '../../download';
import { ct } from '../../texts';
import {
  assignmentsQuery,
  exportProgress,
  PEOPLE_PAGE_SIZE,
  peopleQuery,
  progressQuery,
  useAssignMaterial,
  useRemindAssignment,
  useWithdrawAssignment,
} from './api/assignments';

const s = ct.assignments;

type Values = AudienceValues & { trainTheme: string; dueAt?: Dayjs | null; isRequired: boolean };

const AssignForm = ({
  session,
  material,
  onDone,
}: {
  session: ConsoleSession;
  material: MaterialRow;
  onDone: () => void;
}) => {
  const [form] = Form.useForm<Values>();
  const assign = useAssignMaterial();
  const { key, renew } = useIdempotencyKey();
  const plants = material.bu ? [material.bu] : session.adminPlants;
  const submit = (values: Values) =>
    assign.mutate(
      {
        draft: {
          materialId: material.id,
          trainTheme: values.trainTheme,
          audience: audienceOf(values),
          dueAt: values.dueAt ? values.dueAt.format('YYYY-MM-DD HH:mm') : undefined,
          isRequired: values.isRequired,
        },
        idempotencyKey: key,
      },
      {
        onSuccess: () => {
          renew();
          onDone();
        },
      },
    );
  return (
    <Card size="small" title={s.assignTitle}>
      <Form<Values>
        name="assignment"
        form={form}
        layout="vertical"
        initialValues={{
          ...initialAudience({ ...session, adminPlants: plants }),
          trainTheme: '',
          isRequired: true,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="trainTheme"
          label={s.theme}
          rules={[{ required: true, whitespace: true, message: s.themeMissing }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <AudienceFields session={{ ...session, adminPlants: plants }} />
        <Space size="large" wrap align="start">
          <Form.Item name="dueAt" label={s.dueAt}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={s.noDue} />
          </Form.Item>
          <Form.Item name="isRequired" label={s.isRequired} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space>
          <Button type="primary" htmlType="submit" loading={assign.isPending}>
            {s.assign}
          </Button>
          <Button onClick={onDone}>{ct.common.cancel}</Button>
        </Space>
      </Form>
    </Card>
  );
};

const Progress = ({ row, onBack }: { row: AssignmentRow; onBack: () => void }) => {
  const progress = useQuery(progressQuery(row.id));
  const [standing, setStanding] = useState<StudyStanding>('pending');
  const [page, setPage] = useState(1);
  const people = useQuery(peopleQuery(row.id, standing, page));
  const remind = useRemindAssignment();
  const withdraw = useWithdrawAssignment();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={onBack}>{s.back}</Button>
        <Button onClick={() => void exportProgress(row.id).then(saveDownload)}>{s.export}</Button>
        {!row.isWithdrawn &&
          (row.remindedAt ? (
            <Typography.Text type="secondary">{s.reminded(row.remindedAt)}</Typography.Text>
          ) : (
            <Popconfirm
              title={s.remindConfirm}
              okText={s.remind}
              cancelText={ct.common.cancel}
              onConfirm={() => remind.mutate(row.id)}
            >
              <Button>{s.remind}</Button>
            </Popconfirm>
          ))}
        {!row.isWithdrawn && (
          <Popconfirm
            title={s.withdrawConfirm}
            okText={s.withdraw}
            okButtonProps={{ danger: true }}
            cancelText={ct.common.cancel}
            onConfirm={() => withdraw.mutate(row.id, { onSuccess: onBack })}
          >
            <Button danger>{s.withdraw}</Button>
          </Popconfirm>
        )}
      </Space>
      <Typography.Text strong>{`${row.trainTheme} · ${row.audience}`}</Typography.Text>
      <QueryErrorOf query={progress} />
      <Card size="small" title={s.byDept}>
        <Table
          size="small"
          pagination={false}
          rowKey={(group) => `${group.bu}/${group.deptName}`}
          dataSource={progress.data?.groups ?? []}
          loading={progress.isLoading}
          columns={[
            { title: ct.common.plant, dataIndex: 'bu', width: 80 },
            { title: s.dept, dataIndex: 'deptName' },
            { title: s.standings.done, render: (_, group) => s.done(group.doneCount, group.audienceCount) },
            { title: s.standings.overdue, dataIndex: 'overdueCount', width: 90 },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={s.people}
        extra={
          <Segmented
            value={standing}
            onChange={(value) => {
              setStanding(value as StudyStanding);
              setPage(1);
            }}
            options={STUDY_STANDINGS.map((value) => ({ value, label: s.standings[value] }))}
          />
        }
      >
        <PagedTable<ProgressPerson>
          query={people}
          page={page}
          pageSize={PEOPLE_PAGE_SIZE}
          onPage={setPage}
          rowKey="empNo"
          columns={[
            { title: ct.common.empNo, dataIndex: 'empNo', width: 100 },
            { title: ct.common.name, dataIndex: 'name', width: 100 },
            { title: s.dept, render: (_, person) => `${person.bu} ${person.deptName} ${person.teamName}`.trim() },
            { title: ct.common.status, render: (_, person) => s.studied(person.studiedMinutes, person.coverage) },
          ]}
        />
      </Card>
    </Space>
  );
};

export const AssignmentsDrawer = ({
  session,
  material,
  onClose,
}: {
  session: ConsoleSession;
  material: MaterialRow;
  onClose: () => void;
}) => {
  const list = useQuery(assignmentsQuery(material.id));
  const [isAdding, setAdding] = useState(false);
  const [opened, setOpened] = useState<AssignmentRow | undefined>();
  return (
    <Drawer open width="min(1040px, 96vw)" title={s.title(material.name)} onClose={onClose} destroyOnHidden>
      {opened ? (
        <Progress row={opened} onBack={() => setOpened(undefined)} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {isAdding ? (
            <AssignForm session={session} material={material} onDone={() => setAdding(false)} />
          ) : (
            <Button type="primary" onClick={() => setAdding(true)}>
              {s.add}
            </Button>
          )}
          <QueryErrorOf query={list} />
          <Table<AssignmentRow>
            size="small"
            rowKey="id"
            pagination={false}
            loading={list.isLoading}
            dataSource={list.data?.data ?? []}
            locale={emptyLocale(s.empty)}
            columns={[
              {
                title: s.theme,
                render: (_, row) => (
                  <Space direction="vertical" size={2}>
                    <Space size={4} wrap>
                      <Tag color={row.isRequired ? '#0b5ad9' : 'default'}>
                        {row.isRequired ? s.required : s.optional}
                      </Tag>
                      <Typography.Text strong>{row.trainTheme}</Typography.Text>
                      {row.isWithdrawn && <Tag>{s.withdrawn}</Tag>}
                    </Space>
                    <Typography.Text type="secondary">{row.audience}</Typography.Text>
                  </Space>
                ),
              },
              { title: s.dueAt, width: 150, render: (_, row) => row.dueAt ?? s.noDue },
              {
                title: s.standings.done,
                width: 200,
                render: (_, row) => (
                  <Space direction="vertical" size={0}>
                    <span>{s.done(row.doneCount, row.audienceCount)}</span>
                    {row.overdueCount > 0 && (
                      <Typography.Text type="danger">{s.overdue(row.overdueCount)}</Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: ct.common.actions,
                width: 90,
                render: (_, row) => (
                  <Button size="small" type="link" onClick={() => setOpened(row)}>
                    {s.details}
                  </Button>
                ),
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
};
