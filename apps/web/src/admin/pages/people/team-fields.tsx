// 部门 and 班组 offered from the plant's own lists (the departments and teams its employees are in), a new name still
// typed where none fits. `bu` is the plant when the form has no 工厂 field of its own.
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, type FormInstance } from 'antd';
import type { ContractRule } from '../../../components/form/contract-rules';
import { plantTeamsQuery } from './api/get-plant-teams';

const optionsOf = (names: string[] = []) => names.map((name) => ({ value: name }));
const matches = (typed: string, option?: { value: string }) => Boolean(option?.value.includes(typed.trim()));

export const TeamFields = ({
  form,
  bu,
  deptLabel,
  teamLabel,
  rulesOf,
}: {
  form: FormInstance;
  bu?: string;
  deptLabel: string;
  teamLabel: string;
  rulesOf: (field: 'deptName' | 'teamName') => ContractRule[];
}) => {
  const chosen = Form.useWatch('bu', form) as string | undefined;
  const lists = useQuery(plantTeamsQuery(chosen ?? bu));
  return (
    <>
      <Form.Item name="deptName" label={deptLabel} rules={rulesOf('deptName')}>
        <AutoComplete options={optionsOf(lists.data?.departments)} filterOption={matches} maxLength={64} />
      </Form.Item>
      <Form.Item name="teamName" label={teamLabel} rules={rulesOf('teamName')}>
        <AutoComplete options={optionsOf(lists.data?.teams)} filterOption={matches} maxLength={64} />
      </Form.Item>
    </>
  );
};
