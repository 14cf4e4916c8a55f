// The console's frame at 1366×768 and up: the menu on the left, the user and plants on top, the page in the rest.
import type { ConsoleSession } from '@ess/contract/console';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOut } from './api/logout';
import { ct } from './texts';

/** The pages a console user may open, in the menu's order: HR's for HR, 资料审核 for holders of AppVerify. */
export const consolePages = (session: ConsoleSession) => {
  const isHr =
    session.roles.includes('SysAdmin') || (session.roles.includes('HRAdmin') && session.adminPlants.length > 0);
  const isReviewer = session.roles.includes('AppVerify');
  return [
    ...(isHr
      ? [
          { key: '/imports', label: ct.menu.imports },
          { key: '/batches', label: ct.menu.batches },
          { key: '/people', label: ct.menu.people },
          { key: '/audit', label: ct.menu.audit },
        ]
      : []),
    ...(isReviewer ? [{ key: '/review', label: ct.menu.review }] : []),
  ];
};

export const ConsoleLayout = ({ session, children }: { session: ConsoleSession; children: ReactNode }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const items = consolePages(session);
  const selected = items.find((item) => location.pathname.startsWith(item.key))?.key ?? items[0]?.key ?? '';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div style={{ color: '#fff', padding: '16px 20px', fontWeight: 600, fontSize: 16 }}>{ct.title}</div>
        <nav aria-label={ct.title}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={[selected]}
            items={items}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', padding: '0 24px', display: 'flex', justifyContent: 'flex-end', gap: 16 }}
        >
          <Space>
            <Typography.Text>
              {session.name}（{session.empNo}）
            </Typography.Text>
            {session.adminPlants.length > 0 && <Typography.Text type="secondary">{ct.plants}：</Typography.Text>}
            {session.adminPlants.map((plant) => (
              <Tag key={plant}>{plant}</Tag>
            ))}
            <Button onClick={signOut}>{ct.signOut}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
};
