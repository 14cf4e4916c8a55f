// 发布范围 of HR's content (a notice, an exam, a survey, an assigned material): the plants (全公司 for a SysAdmin) and,
// within them, departments, teams, positions (职务), roles or pasted employee numbers — contract audience.ts. The
// fields of an antd Form, named plants, departments, teams, positions, roles and empNos; `audienceOf` turns them into the rule the server takes.
import type { AudienceRule } from '@ess/contract/audience';
import { ROLE_NAMES } from '@ess/contract/common';
import type { ConsoleSession } from '@ess/contract/console';
import { useQueries } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { plantTeamsQuery } from '../pages/people/api/get-plant-teams';
import { ct } from '../texts';

const a = ct.announcements;
const WHOLE_COMPANY = '*';

export type AudienceValues = {
  plants: string[];
  departments: string[];
  teams: string[];
  positions: string[];
  roles: AudienceRule['roles'];
  empNos: string;
};

/** The fields' starting values: the clerk's one plant chosen when they have one. */
export const initialAudience = (session: ConsoleSession): AudienceValues => ({
  plants: session.adminPlants.length === 1 ? [...session.adminPlants] : [],
  departments: [],
  teams: [],
  positions: [],
  roles: [],
  empNos: '',
});

const numbersOf = (text: string) => [...new Set(text.split(/[\s,，、;；]+/).filter(Boolean))];
const groupsOf = (values: string[]) =>
  values.map((value) => {
    const slash = value.indexOf('/');
    return { bu: value.slice(0, slash), name: value.slice(slash + 1) } as AudienceRule['departments'][number];
  });

export const audienceOf = (values: AudienceValues): AudienceRule => ({
  plants: (values.plants.includes(WHOLE_COMPANY) ? [] : values.plants) as AudienceRule['plants'],
  departments: groupsOf(values.departments ?? []),
  teams: groupsOf(values.teams ?? []),
  positions: groupsOf(values.positions ?? []),
  roles: values.roles ?? [],
  empNos: numbersOf(values.empNos ?? ''),
});

/** The departments, teams and positions of the chosen plants, as 'NT/冲压部' values labelled 'NT 冲压部'. */
const useGroupOptions = (plants: string[]) => {
  const lists = useQueries({ queries: plants.map((bu) => plantTeamsQuery(bu)) });
  const optionsOf = (pick: (list: { departments: string[]; teams: string[]; positions: string[] }) => string[]) =>
    lists.flatMap((list, index) =>
      (list.data ? pick(list.data) : []).map((name) => ({
        value: `${plants[index]}/${name}`,
        label: `${plants[index]} ${name}`,
      })),
    );
  return {
    departments: optionsOf((list) => list.departments),
    teams: optionsOf((list) => list.teams),
    positions: optionsOf((list) => list.positions),
  };
};

export const AudienceFields = ({ session, hint = a.narrowHint }: { session: ConsoleSession; hint?: string }) => {
  const form = Form.useFormInstance<AudienceValues>();
  const chosenPlants = (Form.useWatch('plants', form) as string[] | undefined) ?? [];
  const isWholeCompany = chosenPlants.includes(WHOLE_COMPANY);
  const groups = useGroupOptions(isWholeCompany ? session.adminPlants : chosenPlants);
  const empNosText = (Form.useWatch('empNos', form) as string | undefined) ?? '';
  const plantOptions = [
    ...(session.roles.includes('SysAdmin') ? [{ value: WHOLE_COMPANY, label: a.wholeCompany }] : []),
    ...session.adminPlants.map((plant) => ({ value: plant, label: plant, disabled: isWholeCompany })),
  ];
  return (
    <>
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
        <Form.Item name="positions" label={a.positions} style={{ minWidth: 200 }}>
          <Select mode="multiple" allowClear options={groups.positions} optionFilterProp="label" />
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
      <Alert type="info" showIcon message={hint} style={{ marginBottom: 16 }} />
    </>
  );
};
