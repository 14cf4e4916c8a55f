// 员工与账号: the employees of the clerk's plants, searched by number, name, plant, department and state; a drawer to
// create or edit one; dialogs to transfer, mark as left (their phone sessions end at once), reset the password (the
// code shown once, with the reset link as a QR code to print), unlock and, for a SysAdmin, roles and role menus.
import { ROLE_LABELS } from '@ess/contract/audit-labels';
import type { ConsoleSession } from '@ess/contract/console';
import type { PersonRow, ResetCode, RoleCatalog } from '@ess/contract/people';
import { PLANTS, type Plant } from '@ess/contract/plants';
import { EMP_TYPE_LABELS, EMP_TYPES } from '@ess/contract/salary';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useState } from 'react';
import { renderSVG } from 'uqr';
import { callApi, callApiEnvelope, describeError } from '../../lib/api-client';
import { plantOptions } from '../plant-options';

const PEOPLE_KEY = ['console', 'people'] as const;

const GRANTABLE = ['HRAdmin', 'AppVerify', 'SysAdmin'] as const;
type Grantable = (typeof GRANTABLE)[number];
const isGrantable = (role: string): role is Grantable => (GRANTABLE as readonly string[]).includes(role);

type Filter = { empNo?: string; name?: string; bu?: Plant; deptName?: string; status: 'active' | 'left' | 'all' };
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; person: PersonRow }
  | { kind: 'transfer'; person: PersonRow }
  | { kind: 'leave'; person: PersonRow }
  | { kind: 'roles'; person: PersonRow }
  | { kind: 'reset'; person: PersonRow; code: ResetCode };

const today = () => {
  const now = new Date(Date.now() + 8 * 3_600_000);
  return now.toISOString().slice(0, 10);
};

const useAct = () => {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (work: () => Promise<{ msg: string }>) => {
    try {
      const answer = await work();
      void message.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
      return true;
    } catch (error) {
      void message.error(describeError(error));
      return false;
    }
  };
};

/**
 * 部门 and 班组 offered from the plant's own lists (the departments and teams its employees are in), a new name still
 * typed where none fits. `bu` is the plant when the form has no 工厂 field of its own.
 */
const TeamFields = ({
  form,
  bu,
  deptLabel,
  teamLabel,
}: {
  form: FormInstance;
  bu?: string;
  deptLabel: string;
  teamLabel: string;
}) => {
  const chosen = Form.useWatch('bu', form) as string | undefined;
  const plant = chosen ?? bu;
  const lists = useQuery({
    queryKey: ['console', 'plant-teams', plant],
    queryFn: ({ signal }) => callApi('getPlantTeams', { bu: plant as Plant }, { signal }),
    enabled: Boolean(plant),
    staleTime: 60_000,
  });
  const optionsOf = (names: string[] = []) => names.map((name) => ({ value: name }));
  const matches = (typed: string, option?: { value: string }) => Boolean(option?.value.includes(typed.trim()));
  return (
    <>
      <Form.Item name="deptName" label={deptLabel}>
        <AutoComplete options={optionsOf(lists.data?.departments)} filterOption={matches} maxLength={64} />
      </Form.Item>
      <Form.Item name="teamName" label={teamLabel}>
        <AutoComplete options={optionsOf(lists.data?.teams)} filterOption={matches} maxLength={64} />
      </Form.Item>
    </>
  );
};

const PersonDrawer = ({
  dialog,
  plants,
  onClose,
}: {
  dialog: { kind: 'create' } | { kind: 'edit'; person: PersonRow };
  plants: string[];
  onClose: () => void;
}) => {
  const act = useAct();
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const person = dialog.kind === 'edit' ? dialog.person : undefined;
  const save = async () => {
    const values = await form.validateFields();
    const fields = { ...values, enterDate: values.enterDate || null };
    if (person) {
      if (await act(() => callApiEnvelope('updatePerson', { ...fields, id: person.id }))) onClose();
      return;
    }
    let initialPassword = '';
    const done = await act(async () => {
      const answer = await callApiEnvelope('createPerson', fields);
      initialPassword = answer.data.initialPassword;
      return answer;
    });
    if (!done) return;
    onClose();
    // A toast is gone before the clerk has written the password down: this stays until it is closed.
    modal.success({
      title: `已新建：${fields.name}（${fields.empNo}）`,
      content: (
        <p>
          请告知员工用工号 <Typography.Text code>{fields.empNo}</Typography.Text> 和初始密码{' '}
          <Typography.Text code data-testid="new-hire-password">
            {initialPassword}
          </Typography.Text>{' '}
          登录，首次登录须设置新密码。
        </p>
      ),
      okText: '我已告知',
    });
  };
  return (
    <Drawer
      open
      width={440}
      title={person ? `编辑员工：${person.name}（${person.empNo}）` : '新建员工'}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" onClick={save}>
            保存
          </Button>
        </Space>
      }
    >
      {/* Named, so that its fields' ids (and so their labels) differ from the search form's behind it. */}
      <Form
        name="person"
        form={form}
        layout="vertical"
        initialValues={
          person ?? { bu: plants[0], empType: 'PS01', deptName: '', teamName: '', titleName: '', enterDate: today() }
        }
      >
        {!person && (
          <>
            <Form.Item name="empNo" label="工号" rules={[{ required: true, message: '请填写工号' }]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="bu" label="工厂" rules={[{ required: true, message: '请选择工厂' }]}>
              <Select options={plantOptions(plants)} />
            </Form.Item>
          </>
        )}
        <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请填写姓名' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <TeamFields form={form} bu={person?.bu} deptLabel="部门" teamLabel="班组" />
        <Form.Item name="titleName" label="职务">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="empType" label="工资单类型">
          <Select options={EMP_TYPES.map((type) => ({ value: type, label: `${type} ${EMP_TYPE_LABELS[type]}` }))} />
        </Form.Item>
        <Form.Item name="enterDate" label="入职日期">
          <Input type="date" />
        </Form.Item>
        {!person && (
          <Typography.Text type="secondary">保存后显示新员工的初始密码；首次登录须修改密码。</Typography.Text>
        )}
      </Form>
    </Drawer>
  );
};

const TransferModal = ({ person, plants, onClose }: { person: PersonRow; plants: string[]; onClose: () => void }) => {
  const act = useAct();
  const [form] = Form.useForm();
  const targets = plants.filter((plant) => plant !== person.bu);
  const save = async () => {
    const values = await form.validateFields();
    if (await act(() => callApiEnvelope('transferPerson', { ...values, id: person.id }))) onClose();
  };
  return (
    <Modal
      open
      title={`调动：${person.name}（${person.empNo}）`}
      okText="调动"
      cancelText="取消"
      onOk={save}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        只能在您管理的工厂之间调动。当前工厂：{person.bu}。调动后该员工的手机端会自动切换到新工厂。
      </Typography.Paragraph>
      <Form
        name="transfer"
        form={form}
        layout="vertical"
        initialValues={{ bu: targets[0], deptName: '', teamName: '' }}
      >
        <Form.Item name="bu" label="调入工厂" rules={[{ required: true, message: '请选择调入工厂' }]}>
          <Select options={plantOptions(targets)} />
        </Form.Item>
        <TeamFields form={form} deptLabel="新部门" teamLabel="新班组" />
      </Form>
    </Modal>
  );
};

const LeaveModal = ({ person, onClose }: { person: PersonRow; onClose: () => void }) => {
  const act = useAct();
  const [leftOn, setLeftOn] = useState(today());
  const save = async () => {
    if (await act(() => callApiEnvelope('markPersonLeft', { id: person.id, leftOn }))) onClose();
  };
  return (
    <Modal
      open
      title={`标记离职：${person.name}（${person.empNo}）`}
      okText="确认离职"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onOk={save}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        标记后该员工立即无法登录，已登录的手机和电脑会马上退出。误操作可在列表中“恢复在职”。
      </Typography.Paragraph>
      <label htmlFor="left-on">离职日期</label>
      <Input id="left-on" type="date" value={leftOn} onChange={(event) => setLeftOn(event.target.value)} />
    </Modal>
  );
};

const qrSvg = (text: string) => renderSVG(text, { ecc: 'M', border: 2 });

/** When a reset code stops working, on the clerk's clock. */
const expiryOf = (code: ResetCode) => new Date(code.expiresAt).toLocaleString('zh-CN', { hour12: false });

const printResetSheet = (person: PersonRow, code: ResetCode, link: string) => {
  const page = window.open('', '_blank', 'width=480,height=640');
  if (!page) return;
  const escapeHtml = (value: string) =>
    value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);
  page.document.write(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>密码重置</title>
<style>body{font-family:"Microsoft YaHei","PingFang SC",sans-serif;text-align:center;padding:24px}svg{width:240px;height:240px}
p{margin:8px 0}code{font-size:20px;letter-spacing:2px}</style></head><body>
<h2>员工自助 · 密码重置</h2><p>${escapeHtml(person.name)}（${escapeHtml(person.empNo)}）</p>${qrSvg(link)}
<p>用手机扫码，或打开：</p><p style="word-break:break-all">${escapeHtml(link)}</p><p>重置码：<code>${escapeHtml(code.code)}</code></p>
<p>有效期至 ${escapeHtml(expiryOf(code))}，只能使用一次。</p>
<p>重置后请用工号 ${escapeHtml(person.empNo)} 和初始密码 <code>${escapeHtml(code.initialPassword)}</code> 登录，登录后须设置新密码。</p></body></html>`);
  page.document.close();
  page.focus();
  page.print();
};

const ResetModal = ({ person, code, onClose }: { person: PersonRow; code: ResetCode; onClose: () => void }) => {
  const link = `${window.location.origin}${code.path}`;
  return (
    <Modal
      open
      title={`密码重置码：${person.name}（${person.empNo}）`}
      onCancel={onClose}
      footer={[
        <Button key="print" onClick={() => printResetSheet(person, code, link)}>
          打印
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          我已记下，关闭
        </Button>,
      ]}
    >
      <Typography.Paragraph type="warning">重置码只显示这一次，关闭后无法再次查看。</Typography.Paragraph>
      <div style={{ textAlign: 'center' }}>
        <div
          role="img"
          aria-label="重置链接二维码"
          style={{ width: 200, height: 200, margin: '0 auto' }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is drawn by uqr from our own link.
          dangerouslySetInnerHTML={{ __html: qrSvg(link) }}
        />
      </div>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="重置码">
          <Typography.Text code copyable data-testid="reset-code">
            {code.code}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="重置链接">
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {link}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="有效期至">{expiryOf(code)}（只能使用一次）</Descriptions.Item>
        <Descriptions.Item label="重置后密码">
          <Typography.Text code data-testid="reset-initial-password">
            {code.initialPassword}
          </Typography.Text>
          （初始密码，登录后须设置新密码）
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
};

const RolesModal = ({ person, onClose }: { person: PersonRow; onClose: () => void }) => {
  const act = useAct();
  const [roles, setRoles] = useState<Grantable[]>(person.roles.filter(isGrantable));
  const [plants, setPlants] = useState<Plant[]>(person.adminPlants as Plant[]);
  const save = async () => {
    const adminPlants = roles.includes('HRAdmin') ? plants : [];
    if (await act(() => callApiEnvelope('setPersonRoles', { id: person.id, roles, adminPlants }))) onClose();
  };
  return (
    <Modal
      open
      title={`分配角色：${person.name}（${person.empNo}）`}
      okText="保存"
      cancelText="取消"
      onOk={save}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Checkbox.Group
          value={roles}
          onChange={(values) => setRoles(values as Grantable[])}
          options={GRANTABLE.map((role) => ({ value: role, label: ROLE_LABELS[role] ?? role }))}
        />
        {roles.includes('HRAdmin') && (
          <>
            <label htmlFor="admin-plants">人事管理员负责的工厂</label>
            <Select
              id="admin-plants"
              mode="multiple"
              value={plants}
              onChange={setPlants}
              options={plantOptions(PLANTS)}
            />
          </>
        )}
        <Typography.Text type="secondary">“员工”角色为每位员工所有，不在此处修改。</Typography.Text>
      </Space>
    </Modal>
  );
};

const RoleMenus = () => {
  const act = useAct();
  const catalog = useQuery({
    queryKey: [...PEOPLE_KEY, 'roles'],
    queryFn: ({ signal }) => callApi('getRoleCatalog', {}, { signal }),
  });
  const [edits, setEdits] = useState<Record<number, string[]>>({});
  const data: RoleCatalog | undefined = catalog.data;
  return (
    <Table
      size="small"
      rowKey="id"
      loading={catalog.isLoading}
      pagination={false}
      dataSource={data?.roles ?? []}
      columns={[
        { title: '角色', width: 140, render: (_, role) => ROLE_LABELS[role.name] ?? role.name },
        {
          title: '手机端菜单',
          render: (_, role) => (
            <Checkbox.Group
              value={edits[role.id] ?? role.menuCodes}
              onChange={(values) => setEdits((before) => ({ ...before, [role.id]: values as string[] }))}
              options={(data?.menus ?? []).map((menu) => ({ value: menu.code, label: menu.name }))}
            />
          ),
        },
        {
          title: '操作',
          width: 80,
          render: (_, role) => (
            <Button
              size="small"
              type="link"
              disabled={!edits[role.id]}
              onClick={() =>
                act(() => callApiEnvelope('setRoleMenus', { roleId: role.id, menuCodes: edits[role.id] ?? [] }))
              }
            >
              保存
            </Button>
          ),
        },
      ]}
    />
  );
};

const PeopleTable = ({ session }: { session: ConsoleSession }) => {
  const act = useAct();
  const { message } = App.useApp();
  const isSysAdmin = session.roles.includes('SysAdmin');
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({ status: 'all' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const people = useQuery({
    queryKey: [...PEOPLE_KEY, 'list', filter, page],
    queryFn: ({ signal }) =>
      callApiEnvelope('searchPeople', { ...filter, CurrentPage: page, PageSize: 20 }, { signal }),
    staleTime: 0,
  });
  const issueCode = async (person: PersonRow) => {
    try {
      setDialog({ kind: 'reset', person, code: await callApi('issuePersonResetCode', { id: person.id }) });
    } catch (error) {
      void message.error(describeError(error));
    }
  };
  const close = () => setDialog(undefined);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          initialValues={{ status: 'all' }}
          onFinish={(values) => {
            setPage(1);
            setFilter({ ...values, status: values.status ?? 'all' });
          }}
        >
          <Form.Item name="empNo" label="工号">
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="name" label="姓名">
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="bu" label="工厂">
            <Select allowClear style={{ width: 90 }} options={plantOptions(session.adminPlants)} />
          </Form.Item>
          <Form.Item name="deptName" label="部门">
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              style={{ width: 90 }}
              options={[
                { value: 'all', label: '全部' },
                { value: 'active', label: '在职' },
                { value: 'left', label: '已离职' },
              ]}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => setDialog({ kind: 'create' })}>新建员工</Button>
          </Space>
        </Form>
      </Card>
      <Card size="small">
        <Table<PersonRow>
          size="small"
          rowKey="id"
          loading={people.isLoading}
          dataSource={people.data?.data ?? []}
          scroll={{ x: 1080 }}
          pagination={{
            current: page,
            pageSize: 20,
            total: people.data?.totalCount ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 人`,
          }}
          columns={[
            { title: '工号', dataIndex: 'empNo', width: 90 },
            { title: '姓名', dataIndex: 'name', width: 80 },
            { title: '工厂', dataIndex: 'bu', width: 56 },
            { title: '部门', dataIndex: 'deptName', width: 110, ellipsis: true },
            { title: '班组', dataIndex: 'teamName', width: 80, ellipsis: true },
            { title: '职务', dataIndex: 'titleName', width: 80, ellipsis: true },
            { title: '入职日期', dataIndex: 'enterDate', width: 100 },
            {
              title: '状态',
              width: 150,
              render: (_, row) => (
                <Space size={4} wrap>
                  {row.leftOn ? <Tag color="default">已离职 {row.leftOn}</Tag> : <Tag color="success">在职</Tag>}
                  {row.isLocked && <Tag color="error">已锁定</Tag>}
                </Space>
              ),
            },
            {
              title: '角色',
              width: 150,
              render: (_, row) =>
                row.roles
                  .filter((role) => role !== 'Employee')
                  .map((role) => (
                    <Tag key={role}>
                      {ROLE_LABELS[role] ?? role}
                      {role === 'HRAdmin' && row.adminPlants.length > 0 ? `（${row.adminPlants.join('、')}）` : ''}
                    </Tag>
                  )),
            },
            {
              title: '操作',
              fixed: 'right',
              width: 250,
              render: (_, row) => (
                <Space size={0} wrap>
                  <Button size="small" type="link" onClick={() => setDialog({ kind: 'edit', person: row })}>
                    编辑
                  </Button>
                  {!row.leftOn && (
                    <Button size="small" type="link" onClick={() => setDialog({ kind: 'transfer', person: row })}>
                      调动
                    </Button>
                  )}
                  {row.leftOn ? (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => act(() => callApiEnvelope('reinstatePerson', { id: row.id }))}
                    >
                      恢复在职
                    </Button>
                  ) : (
                    <Button size="small" type="link" danger onClick={() => setDialog({ kind: 'leave', person: row })}>
                      离职
                    </Button>
                  )}
                  {!row.leftOn && (
                    <Button size="small" type="link" onClick={() => issueCode(row)}>
                      重置密码
                    </Button>
                  )}
                  {row.isLocked && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => act(() => callApiEnvelope('unlockPerson', { id: row.id }))}
                    >
                      解锁
                    </Button>
                  )}
                  {isSysAdmin && (
                    <Button size="small" type="link" onClick={() => setDialog({ kind: 'roles', person: row })}>
                      角色
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <PersonDrawer dialog={dialog} plants={session.adminPlants} onClose={close} />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferModal person={dialog.person} plants={session.adminPlants} onClose={close} />
      )}
      {dialog?.kind === 'leave' && <LeaveModal person={dialog.person} onClose={close} />}
      {dialog?.kind === 'roles' && <RolesModal person={dialog.person} onClose={close} />}
      {dialog?.kind === 'reset' && <ResetModal person={dialog.person} code={dialog.code} onClose={close} />}
    </Space>
  );
};

const PeoplePage = ({ session }: { session: ConsoleSession }) => (
  <Space direction="vertical" size="middle" style={{ width: '100%' }}>
    <Typography.Title level={4} style={{ margin: 0 }}>
      员工与账号
    </Typography.Title>
    {session.roles.includes('SysAdmin') ? (
      <Tabs
        items={[
          { key: 'people', label: '员工', children: <PeopleTable session={session} /> },
          { key: 'roles', label: '角色菜单', children: <RoleMenus /> },
        ]}
      />
    ) : (
      <PeopleTable session={session} />
    )}
  </Space>
);

export default PeoplePage;
