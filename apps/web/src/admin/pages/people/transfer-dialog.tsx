// 调动: an employee moved to another of the clerk's plants, with the new department and team.
import { type PersonRow, peopleRoutes } from '@ess/contract/people';
import type { Plant } from '@ess/contract/plants';
import { Form, Select, Typography } from 'antd';
import { contractRules } from '../../../components/form/contract-rules';
import { FormDialog } from '../../components/form-dialog';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { useTransferPerson } from './api/transfer-person';
import { TeamFields } from './team-fields';

const rulesOf = contractRules(peopleRoutes.transferPerson.request);
const words = ct.people.transferDialog;

type Fields = { bu: Plant; deptName: string; teamName: string };

export const TransferDialog = ({
  person,
  plants,
  onClose,
}: {
  person: PersonRow;
  plants: string[];
  onClose: () => void;
}) => {
  const [form] = Form.useForm<Fields>();
  const transfer = useTransferPerson();
  const targets = plants.filter((plant) => plant !== person.bu);
  return (
    <FormDialog
      name="transfer"
      form={form}
      title={words.title(ct.common.person(person.name, person.empNo))}
      okText={ct.people.transfer}
      isPending={transfer.isPending}
      initialValues={{ bu: targets[0] as Plant | undefined, deptName: '', teamName: '' }}
      onSubmit={(values) => transfer.mutate({ ...values, id: person.id }, { onSuccess: onClose })}
      onClose={onClose}
      intro={<Typography.Paragraph type="secondary">{words.hint(person.bu)}</Typography.Paragraph>}
    >
      <Form.Item name="bu" label={words.target} rules={rulesOf('bu')}>
        <Select options={plantOptions(targets)} />
      </Form.Item>
      <TeamFields form={form} deptLabel={words.dept} teamLabel={words.team} rulesOf={rulesOf} />
    </FormDialog>
  );
};
