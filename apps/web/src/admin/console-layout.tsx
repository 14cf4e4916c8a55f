// The console's frame (made for 1366×768 and up, usable on a phone): the menu on the left, the user and plants on top, the page in the rest.
import type { ConsoleSession } from '@ess/contract/console';
import { Button, Drawer, Grid, Layout, Menu, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSiteFace } from '../lib/site-face';
import { signOut } from './api/logout';
import { BackupNotice } from './components/backup-notice';
import { plantLabel } from './plant-options';
import { ct } from './texts';

/**
 * The pages a console user may open, in the menu's order: HR's for HR (仪表盘 first: the page they land on), 资料审核 for holders of AppVerify, then
 * 收件箱 for HR, and 备份与任务 and 公司信息 for the SysAdmin.
 */
export const consolePages = (session: ConsoleSession) => {
  const isHr =
    session.roles.includes('SysAdmin') || (session.roles.includes('HRAdmin') && session.adminPlants.length > 0);
  const isReviewer = session.roles.includes('AppVerify');
  return [
    ...(isHr
      ? [
          { key: '/dashboard', label: ct.dashboard.menu },
          { key: '/imports', label: ct.menu.imports },
          { key: '/batches', label: ct.menu.batches },
          { key: '/people', label: ct.menu.people },
          { key: '/audit', label: ct.menu.audit },
        ]
      : []),
    ...(isReviewer ? [{ key: '/review', label: ct.menu.review }] : []),
    // What the public forms sent (the employee app's /hr/submissions before): HR of a plant, as the server's calls.
    ...(isHr ? [{ key: '/submissions', label: ct.submissions.menu }] : []),
    ...(isHr ? [{ key: '/announcements', label: ct.menu.announcements }] : []),
    // Whether the app's messages reached the workers' WeCom.
    ...(isHr ? [{ key: '/messages', label: ct.deliveries.menu }] : []),
    // The home page's pictures (轮播图): HR of a plant publishes for its plants.
    ...(isHr ? [{ key: '/banners', label: ct.menu.banners }] : []),
    ...(isHr ? [{ key: '/handbook', label: ct.handbook.menu }] : []),
    // 学习资料: the videos and documents HR uploads for its plants.
    ...(isHr ? [{ key: '/materials', label: ct.materials.menu }] : []),
    // Training: the question bank, and the exams and surveys built from it.
    ...(isHr
      ? [
          { key: '/question-bank', label: ct.questionBank.menu },
          { key: '/papers', label: ct.papers.menu },
        ]
      : []),
    ...(session.roles.includes('SysAdmin')
      ? [
          { key: '/operations', label: ct.menu.operations },
          { key: '/site', label: ct.menu.site },
        ]
      : []),
  ];
};

/**
 * The title bar's name: the company's logo and name (公司信息) over 人事管理后台, or 人事管理后台 alone while none is set.
 */
const ConsoleTitle = ({ isDark }: { isDark: boolean }) => {
  const face = useSiteFace();
  // One above the other: a company's logo is often wide, its name long, and the menu is 200 px.
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4, lineHeight: 1.35 }}>
      {face.logoUrl && (
        <img
          src={face.logoUrl}
          alt=""
          height={32}
          // On the dark menu a logo drawn for white paper gets a white ground of its own.
          style={{
            height: 32,
            width: 'auto',
            maxWidth: 160,
            objectFit: 'contain',
            marginBottom: 4,
            ...(isDark ? { background: '#fff', padding: 4, borderRadius: 6, boxSizing: 'content-box' } : {}),
          }}
        />
      )}
      {face.companyName && (
        <div style={{ fontSize: 13, fontWeight: 400, color: isDark ? 'rgba(255,255,255,0.85)' : '#595959' }}>
          {face.companyName}
        </div>
      )}
      <div>{ct.title}</div>
    </div>
  );
};

/**
 * At 768 px and up the menu stands on the left; below that (a reviewer on a phone) it would eat a third of the
 * width, so it hides behind a 菜单 button in the header that opens it in a drawer.
 */
export const ConsoleLayout = ({ session, children }: { session: ConsoleSession; children: ReactNode }) => {
  const navigate = useNavigate();
  const location = useLocation();
  // Before its first measurement the hook answers {}: wide, as the console's usual desk.
  const narrow = Grid.useBreakpoint().md === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const items = consolePages(session);
  const { companyName } = useSiteFace();
  // The browser's tab says whose console it is too.
  useEffect(() => {
    document.title = companyName ? `${ct.title} - ${companyName}` : ct.title;
  }, [companyName]);
  const selected = items.find((item) => location.pathname.startsWith(item.key))?.key ?? items[0]?.key ?? '';
  const menu = (
    <nav aria-label={ct.title}>
      <Menu
        theme={narrow ? 'light' : 'dark'}
        mode="inline"
        selectedKeys={[selected]}
        items={items}
        onClick={({ key }) => {
          setMenuOpen(false);
          navigate(key);
        }}
      />
    </nav>
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!narrow && (
        <Layout.Sider width={200} theme="dark">
          <div style={{ color: '#fff', padding: '16px 20px', fontWeight: 600, fontSize: 16 }}>
            <ConsoleTitle isDark />
          </div>
          {menu}
        </Layout.Sider>
      )}
      {narrow && (
        <Drawer
          placement="left"
          width={240}
          title={<ConsoleTitle isDark={false} />}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          styles={{ body: { padding: 0 } }}
        >
          {menu}
        </Drawer>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: narrow ? 8 : 16,
            // The header's fixed 64 px would cut the user's plants off when they wrap on a phone.
            height: 'auto',
            minHeight: 64,
            lineHeight: narrow ? '32px' : '64px',
            padding: narrow ? '8px 12px' : '0 24px',
          }}
        >
          {narrow && (
            <Button aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
              {ct.openMenu}
            </Button>
          )}
          <Space wrap style={{ marginLeft: 'auto', justifyContent: 'flex-end' }}>
            <Typography.Text>
              {session.name}（{session.empNo}）
            </Typography.Text>
            {session.adminPlants.length > 0 && <Typography.Text type="secondary">{ct.plants}：</Typography.Text>}
            {session.adminPlants.map((plant) => (
              <Tag key={plant}>{plantLabel(plant)}</Tag>
            ))}
            <Button onClick={signOut}>{ct.signOut}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          <BackupNotice isSysAdmin={session.roles.includes('SysAdmin')} />
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
};
