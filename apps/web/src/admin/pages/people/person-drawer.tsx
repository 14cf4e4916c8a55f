// 新建员工 / 编辑员工: one employee's fields in a drawer, checked by the contract's rules of the call it makes. A new
// hire's initial password is shown in a dialog that stays until the clerk closes it.
import type { PersonRow } from '@ess/contract/people';
import { peopleRoutes } from '@ess/contract/people';
import { EMP_TYPE_LABELS, EMP_TYPES } from '@ess/contract/salary';
import { App, Button, Drawer, Form, Input, Select, Space, Typography } from 'antd';
import { contractRules } from '../../../components/form/contract-rules';
import { getShanghaiToday } from '../../../lib/dates';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { useCreatePerson } from './api/create-person';
import { useUpdatePerson } from './api/update-person';
import { TeamFields } from './team-fields';

const createRules = contractRules(peopleRoutes.createPerson.request);
const updateRules = contractRules(peopleRoutes.updatePerson.request);
const words = ct.people.drawer;

export const PersonDrawer = ({
  person,
  plants,
  onClose,
}: {
  /** The employee edited; none for a new one. */
  person?: PersonRow;
  plants: string[];
  onClose: () => void;
}) => {
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const rulesOf = person ? updateRules : createRules;
  const tellPassword = (empNo: string, name: string, initialPassword: string) =>
    // A toast is gone before the clerk has written the password down: this stays until it is closed.
    modal.success({
      title: words.createdTitle(ct.common.person(name, empNo)),
      content: (
        <p>
          {words.toldBefore} <Typography.Text code>{empNo}</Typography.Text> {words.toldMiddle}{' '}
          <Typography.Text code data-testid="new-hire-password">
            {initialPassword}
          </Typography.Text>{' '}
          {words.toldAfter}
        </p>
      ),
      okText: words.told,
    });
  const save = () =>
    form.validateFields().then(
      (values) => {
        const fields = { ...values, enterDate: values.enterDate || null };
        if (person) return update.mutate({ ...fields, id: person.id }, { onSuccess: onClose });
        create.mutate(fields, {
          onSuccess: (answer) => {
            onClose();
            tellPassword(fields.empNo, fields.name, answer.data.initialPassword);
          },
        });
      },
      () => undefined,
    );
  return (
    <Drawer
      open
      width={440}
      title={person ? words.editTitle(ct.common.person(person.name, person.empNo)) : words.createTitle}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{ct.common.cancel}</Button>
          <Button type="primary" onClick={save} loading={create.isPending || update.isPending}>
            {ct.common.save}
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
          person ?? {
            bu: plants[0],
            empType: 'PS01',
            deptName: '',
            teamName: '',
            titleName: '',
            enterDate: getShanghaiToday(),
          }
        }
      >
        {!person && (
          <>
            <Form.Item name="empNo" label={ct.common.empNo} rules={createRules('empNo')}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="bu" label={ct.common.plant} rules={createRules('bu')}>
              <Select options={plantOptions(plants)} />
            </Form.Item>
          </>
        )}
        <Form.Item name="name" label={ct.common.name} rules={rulesOf('name')}>
          <Input maxLength={64} />
        </Form.Item>
        <TeamFields
          form={form}
          bu={person?.bu}
          deptLabel={ct.common.dept}
          teamLabel={ct.common.team}
          rulesOf={rulesOf}
        />
        <Form.Item name="titleName" label={ct.people.title} rules={rulesOf('titleName')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="empType" label={words.empType} rules={rulesOf('empType')}>
          <Select options={EMP_TYPES.map((type) => ({ value: type, label: `${type} ${EMP_TYPE_LABELS[type]}` }))} />
        </Form.Item>
        {/* A cleared date is no date (null), which the contract allows; '' it would refuse. */}
        <Form.Item
          name="enterDate"
          label={ct.people.enterDate}
          rules={rulesOf('enterDate')}
          normalize={(value?: string) => value || null}
          getValueProps={(value?: string | null) => ({ value: value ?? '' })}
        >
          <Input type="date" />
        </Form.Item>
        {!person && <Typography.Text type="secondary">{words.createHint}</Typography.Text>}
      </Form>
    </Drawer>
  );
};
