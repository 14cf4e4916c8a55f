// Bottom tabs 首页 / 我的 with a 快捷入口 menu in between; quick links open only when the user's menus
// include them (SPEC §2), otherwise 权限不足. antd-mobile's TabBar draws the tabs; what a tab does is a real
// link or button inside it (its items are divs without a role), stretched over the whole tab.
import { QUICK_LINK_PATHS } from '@ess/contract/menu-codes';
import { TabBar } from 'antd-mobile';
import { AppstoreOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { showToast } from '../../lib/toast';
import { HOME_PATH, PERSON_CENTER_PATH } from '../paths';
import { ActionMenu } from './action-menu';
import { HomeOutlineIcon } from './home-icon';

const QUICK_KEY = 'quick';

export const FooterTabs = ({ menuPaths }: { menuPaths: ReadonlySet<string> }) => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isQuickOpen, setQuickOpen] = useState(false);
  const activeKey = pathname === HOME_PATH || pathname === PERSON_CENTER_PATH ? pathname : null;

  useEffect(() => {
    if (!isQuickOpen) return;
    // The menu hangs on the tab's icon but the whole tab toggles it, so closing on an outside tap is done
    // here rather than by the popover (which would count the tab's label as outside).
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest('.adm-popover, .quick-tab')) return;
      setQuickOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isQuickOpen]);

  const openQuickLink = (path: string) => {
    setQuickOpen(false);
    if (menuPaths.has(path)) navigate(path);
    else void showToast({ content: t.session.forbidden, kind: 'fail' });
  };

  return (
    <nav className="app-tabs" aria-label={t.layout.tabs}>
      <TabBar activeKey={activeKey}>
        <TabBar.Item
          key={HOME_PATH}
          icon={<HomeOutlineIcon />}
          title={
            <NavLink to={HOME_PATH} end className="tab-action">
              {t.layout.tabHome}
            </NavLink>
          }
        />
        <TabBar.Item
          key={QUICK_KEY}
          icon={
            <ActionMenu
              trigger="manual"
              placement="top"
              visible={isQuickOpen}
              onVisibleChange={setQuickOpen}
              actions={QUICK_LINK_PATHS.map((path) => ({ key: path, text: t.quickLinks[path] ?? path }))}
              onAction={openQuickLink}
            >
              <span className="quick-anchor" aria-hidden="true">
                <AppstoreOutline />
              </span>
            </ActionMenu>
          }
          title={
            <button
              type="button"
              className="tab-action"
              aria-haspopup="true"
              aria-expanded={isQuickOpen}
              onClick={() => setQuickOpen((isOpen) => !isOpen)}
            >
              {t.layout.tabQuick}
            </button>
          }
          className="quick-tab"
        />
        <TabBar.Item
          key={PERSON_CENTER_PATH}
          icon={<UserOutline />}
          title={
            <NavLink to={PERSON_CENTER_PATH} end className="tab-action">
              {t.layout.tabMe}
            </NavLink>
          }
        />
      </TabBar>
    </nav>
  );
};
