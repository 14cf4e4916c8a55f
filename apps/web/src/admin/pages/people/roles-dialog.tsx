// 角色 (SysAdmin): the roles an employee holds besides Employee, and the plants of an HR admin.
import { ROLE_LABELS } from '@ess/contract/audit-labels';
import { GRANTABLE_ROLES, type PersonRow } from '@ess/contract/people';
import { PLANTS, type Plant } from '@ess/contract/plants';
import { Checkbox, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { useSetPersonRoles } from './api/set-person-roles';

type Grantable = (typeof GRANTABLE_ROLES)[number];
const isGrantable = (role: string): role is Grantable => (GRANTABLE_ROLES as readonly string[]).includes(role);
const words = ct.people.rolesDialog;

export const RolesDialog = ({ person, onClose }: { person: PersonRow; onClose: () => void }) => {
  const [roles, setRoles] = useState<Grantable[]>(person.roles.filter(isGrantable));
  const [plants, setPlants] = useState<Plant[]>(person.adminPlants as Plant[]);
  const setPersonRoles = useSetPersonRoles();
  const save = () => {
    const adminPlants = roles.includes('HRAdmin') ? plants : [];
    setPersonRoles.mutate({ id: person.id, roles, adminPlants }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      title={words.title(ct.common.person(person.name, person.empNo))}
      okText={ct.common.save}
      cancelText={ct.common.cancel}
      okButtonProps={{ loading: setPersonRoles.isPending }}
      onOk={save}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Checkbox.Group
          value={roles}
          onChange={(values) => setRoles(values as Grantable[])}
          options={GRANTABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] ?? role }))}
        />
        {roles.includes('HRAdmin') && (
          <>
            <label htmlFor="admin-plants">{words.adminPlants}</label>
            <Select
              id="admin-plants"
              mode="multiple"
              value={plants}
              onChange={setPlants}
              options={plantOptions(PLANTS)}
            />
          </>
        )}
        <Typography.Text type="secondary">{words.employeeRole}</Typography.Text>
      </Space>
    </Modal>
  );
};
