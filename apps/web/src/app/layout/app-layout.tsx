// The frame of every non-bare screen: top bar, scrolling content, footer line and bottom tabs.
import { type ReactNode, useRef } from 'react';
import { t } from '../../i18n/zh-CN';
import { useCurrentUser } from '../../lib/current-user';
import { useScrollMemory } from '../../lib/scroll-memory';
import type { AppRoute } from '../route-table';
import { FooterTabs } from './footer-tabs';
import { TopBar } from './top-bar';

export const AppLayout = ({ route, children }: { route: AppRoute; children: ReactNode }) => {
  const { data: currentUser } = useCurrentUser();
  const mainRef = useRef<HTMLElement>(null);
  useScrollMemory(mainRef);
  return (
    <div className="app-shell">
      <TopBar title={route.title} hasBack={!route.isTabRoot} isSignedIn={Boolean(currentUser)} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the content scrolls here, not in the page: a keyboard must reach it to scroll a screen without links or fields. */}
      <main className="app-main" id="main" ref={mainRef} tabIndex={0}>
        {children}
        <p className="app-footer-line">{t.layout.footer}</p>
      </main>
      {currentUser && <FooterTabs menuPaths={currentUser.menuPaths} />}
    </div>
  );
};
