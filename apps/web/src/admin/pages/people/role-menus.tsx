// 角色菜单 (SysAdmin): the app's menus each role opens, saved per role.
import { ROLE_LABELS } from '@ess/contract/audit-labels';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Table } from 'antd';
import { useState } from 'react';
import { QueryErrorOf } from '../../components/query-error';
import { ct } from '../../texts';
import { roleCatalogQuery } from './api/get-role-catalog';
import { useSetRoleMenus } from './api/set-role-menus';

export const RoleMenus = () => {
  const catalog = useQuery(roleCatalogQuery());
  const setRoleMenus = useSetRoleMenus();
  const [edits, setEdits] = useState<Record<number, string[]>>({});
  if (catalog.isError) return <QueryErrorOf query={catalog} />;
  return (
    <Table
      size="small"
      rowKey="id"
      loading={catalog.isLoading}
      pagination={false}
      dataSource={catalog.data?.roles ?? []}
      columns={[
        { title: ct.people.roleMenus.role, width: 140, render: (_, role) => ROLE_LABELS[role.name] ?? role.name },
        {
          title: ct.people.roleMenus.menus,
          render: (_, role) => (
            <Checkbox.Group
              value={edits[role.id] ?? role.menuCodes}
              onChange={(values) => setEdits((before) => ({ ...before, [role.id]: values as string[] }))}
              options={(catalog.data?.menus ?? []).map((menu) => ({ value: menu.code, label: menu.name }))}
            />
          ),
        },
        {
          title: ct.common.actions,
          width: 80,
          render: (_, role) => (
            <Button
              size="small"
              type="link"
              disabled={!edits[role.id]}
              onClick={() => setRoleMenus.mutate({ roleId: role.id, menuCodes: edits[role.id] ?? [] })}
            >
              {ct.common.save}
            </Button>
          ),
        },
      ]}
    />
  );
};
