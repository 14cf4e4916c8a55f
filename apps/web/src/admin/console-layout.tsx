// The console's frame at 1366×768 and up: the menu on the left, the user and plants on top, the page in the rest.
import type { ConsoleSession } from '@ess/contract/console';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { callApi } from '../lib/api-client';
import { clearSession, readRefreshToken } from '../lib/session';
import { ct } from './texts';

const ITEMS = [
  { key: '/imports', label: ct.menu.imports },
  { key: '/batches', label: ct.menu.batches },
  { key: '/people', label: ct.menu.people },
  { key: '/audit', label: ct.menu.audit },
];

export const ConsoleLayout = ({ session, children }: { session: ConsoleSession; children: ReactNode }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const selected = ITEMS.find((item) => location.pathname.startsWith(item.key))?.key ?? '/imports';
  const signOut = async () => {
    await callApi('logout', { refreshToken: readRefreshToken() ?? '' }, { isQuiet: true }).catch(() => undefined);
    clearSession();
    window.location.assign('/admin');
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div style={{ color: '#fff', padding: '16px 20px', fontWeight: 600, fontSize: 16 }}>{ct.title}</div>
        <nav aria-label={ct.title}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={[selected]}
            items={ITEMS}
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
            <Typography.Text type="secondary">{ct.plants}：</Typography.Text>
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
