// 员工与账号: the employees of the clerk's plants, searched by number, name, plant, department and state; a drawer to
// create or edit one; dialogs to transfer, mark as left (their phone sessions end at once), reset the password (the
// code shown once, with the reset link as a QR code to print), unlock and, for a SysAdmin, roles and role menus.
import type { ConsoleSession } from '@ess/contract/console';
import { Space, Tabs, Typography } from 'antd';
import { ct } from '../../texts';
import { PeopleTable } from './people-table';
import { RoleMenus } from './role-menus';

const PeoplePage = ({ session }: { session: ConsoleSession }) => (
  <Space direction="vertical" size="middle" style={{ width: '100%' }}>
    <Typography.Title level={4} style={{ margin: 0 }}>
      {ct.menu.people}
    </Typography.Title>
    {session.roles.includes('SysAdmin') ? (
      <Tabs
        items={[
          { key: 'people', label: ct.people.tabPeople, children: <PeopleTable session={session} /> },
          { key: 'roles', label: ct.people.tabRoles, children: <RoleMenus /> },
        ]}
      />
    ) : (
      <PeopleTable session={session} />
    )}
  </Space>
);

export default PeoplePage;
