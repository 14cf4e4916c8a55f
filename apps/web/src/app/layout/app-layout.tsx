// The frame of every non-bare screen: top bar, scrolling content, footer line and bottom tabs.
import type { ReactNode } from 'react';
import { t } from '../../i18n/zh-CN';
import { useCurrentUser } from '../../lib/current-user';
import type { AppRoute } from '../route-table';
import { FooterTabs } from './footer-tabs';
import { TopBar } from './top-bar';

export const AppLayout = ({ route, children }: { route: AppRoute; children: ReactNode }) => {
  const { data: currentUser } = useCurrentUser();
  return (
    <div className="app-shell">
      <TopBar title={route.title} hasBack={!route.isTabRoot} isSignedIn={Boolean(currentUser)} />
      <main className="app-main" id="main">
        {children}
        <p className="app-footer-line">{t.layout.footer}</p>
      </main>
      {currentUser && <FooterTabs menuPaths={currentUser.menuPaths} />}
    </div>
  );
};
