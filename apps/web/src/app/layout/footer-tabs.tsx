// Bottom tabs 首页 / 我的 with a 快捷入口 popover in between; quick links open only when the user's
// menus include them (SPEC §2), otherwise 权限不足.
import { QUICK_LINK_PATHS } from '@ess/contract/menu';
import { TabBar } from 'antd-mobile';
import { AppstoreOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { showToast } from '../../lib/toast';
import { HOME_PATH, PERSON_CENTER_PATH } from '../route-table';
import { ActionMenu } from './action-menu';
import { HomeOutlineIcon } from './home-icon';

const QUICK_KEY = 'quick';

export const FooterTabs = ({ menuPaths }: { menuPaths: ReadonlySet<string> }) => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isQuickOpen, setQuickOpen] = useState(false);
  const activeKey = pathname === HOME_PATH || pathname === PERSON_CENTER_PATH ? pathname : null;

  const openQuickLink = (path: string) => {
    setQuickOpen(false);
    if (menuPaths.has(path)) navigate(path);
    else void showToast({ content: t.session.forbidden, kind: 'fail' });
  };

  return (
    <nav className="app-tabs" aria-label={t.layout.tabQuick}>
      <TabBar
        activeKey={activeKey}
        onChange={(key) => {
          if (key === QUICK_KEY) setQuickOpen((open) => !open);
          else navigate(key);
        }}
      >
        <TabBar.Item
          key={HOME_PATH}
          icon={<HomeOutlineIcon />}
          title={t.layout.tabHome}
          tabIndex={0}
          aria-current={activeKey === HOME_PATH ? 'page' : undefined}
        />
        <TabBar.Item
          key={QUICK_KEY}
          icon={
            <ActionMenu
              placement="top"
              visible={isQuickOpen}
              onVisibleChange={setQuickOpen}
              actions={QUICK_LINK_PATHS.map((path) => ({ key: path, text: t.quickLinks[path] ?? path }))}
              onAction={openQuickLink}
            >
              <span className="quick-anchor">
                <AppstoreOutline />
              </span>
            </ActionMenu>
          }
          title={t.layout.tabQuick}
          tabIndex={0}
          aria-haspopup="menu"
          aria-expanded={isQuickOpen}
        />
        <TabBar.Item
          key={PERSON_CENTER_PATH}
          icon={<UserOutline />}
          title={t.layout.tabMe}
          tabIndex={0}
          aria-current={activeKey === PERSON_CENTER_PATH ? 'page' : undefined}
        />
      </TabBar>
    </nav>
  );
};
