// 离职: an employee marked as left on a date (today in China by default); they cannot sign in from then on.
import type { PersonRow } from '@ess/contract/people';
import { peopleRoutes } from '@ess/contract/people';
import { Form, Input, Typography } from 'antd';
import { contractRules } from '../../../components/form/contract-rules';
import { getShanghaiToday } from '../../../lib/dates';
import { FormDialog } from '../../components/form-dialog';
import { ct } from '../../texts';
import { useMarkPersonLeft } from './api/mark-person-left';

const rulesOf = contractRules(peopleRoutes.markPersonLeft.request);
const words = ct.people.leaveDialog;

export const LeaveDialog = ({ person, onClose }: { person: PersonRow; onClose: () => void }) => {
  const [form] = Form.useForm<{ leftOn: string }>();
  const markLeft = useMarkPersonLeft();
  return (
    <FormDialog
      name="leave"
      form={form}
      title={words.title(ct.common.person(person.name, person.empNo))}
      okText={words.ok}
      isDanger
      isPending={markLeft.isPending}
      initialValues={{ leftOn: getShanghaiToday() }}
      onSubmit={({ leftOn }) => markLeft.mutate({ id: person.id, leftOn }, { onSuccess: onClose })}
      onClose={onClose}
      intro={<Typography.Paragraph>{words.hint}</Typography.Paragraph>}
    >
      <Form.Item name="leftOn" label={words.date} rules={rulesOf('leftOn')}>
        <Input type="date" />
      </Form.Item>
    </FormDialog>
  );
};
