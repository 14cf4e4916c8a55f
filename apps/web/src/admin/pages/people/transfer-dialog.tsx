// 调动: an employee moved to another of the clerk's plants, with the new department and team.
import type { PersonRow } from '@ess/contract/people';
import { peopleRoutes } from '@ess/contract/people';
import { Form, Modal, Select, Typography } from 'antd';
import { contractRules } from '../../../components/form/contract-rules';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { useTransferPerson } from './api/transfer-person';
import { TeamFields } from './team-fields';

const rulesOf = contractRules(peopleRoutes.transferPerson.request);
const words = ct.people.transferDialog;

export const TransferDialog = ({
  person,
  plants,
  onClose,
}: {
  person: PersonRow;
  plants: string[];
  onClose: () => void;
}) => {
  const [form] = Form.useForm();
  const transfer = useTransferPerson();
  const targets = plants.filter((plant) => plant !== person.bu);
  const save = () =>
    form.validateFields().then(
      (values) => transfer.mutate({ ...values, id: person.id }, { onSuccess: onClose }),
      () => undefined,
    );
  return (
    <Modal
      open
      title={words.title(ct.common.person(person.name, person.empNo))}
      okText={ct.people.transfer}
      cancelText={ct.common.cancel}
      okButtonProps={{ loading: transfer.isPending }}
      onOk={save}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{words.hint(person.bu)}</Typography.Paragraph>
      <Form
        name="transfer"
        form={form}
        layout="vertical"
        initialValues={{ bu: targets[0], deptName: '', teamName: '' }}
      >
        <Form.Item name="bu" label={words.target} rules={rulesOf('bu')}>
          <Select options={plantOptions(targets)} />
        </Form.Item>
        <TeamFields form={form} deptLabel={words.dept} teamLabel={words.team} rulesOf={rulesOf} />
      </Form>
    </Modal>
  );
};
