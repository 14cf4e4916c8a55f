// The frame of every non-bare screen: top bar, scrolling content, footer line and bottom tabs. With a signed-in
// user it also holds the app's websocket open (lib/realtime.ts), whichever screen is shown.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { t } from '../../i18n/zh-CN';
import { useCurrentUser } from '../../lib/current-user';
import { isReviewer } from '../../lib/pending-review-count';
import { startRealtime } from '../../lib/realtime';
import { useScrollMemory } from '../../lib/scroll-memory';
import type { AppRoute } from '../route-table';
import { FooterTabs } from './footer-tabs';
import { TopBar } from './top-bar';

/**
 * Opens the socket once the user is known. Every screen mounts its own frame, so the socket outlives them: it
 * closes when the session ends (lib/session.ts tells it), not when a screen goes.
 */
const useRealtime = (userId: number | undefined, isReviewing: boolean) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId !== undefined) startRealtime({ queryClient, userId, isReviewer: isReviewing });
  }, [queryClient, userId, isReviewing]);
};

export const AppLayout = ({ route, children }: { route: AppRoute; children: ReactNode }) => {
  const { data: currentUser } = useCurrentUser();
  const mainRef = useRef<HTMLElement>(null);
  useScrollMemory(mainRef);
  useRealtime(currentUser?.profile.id, currentUser ? isReviewer(currentUser.menuPaths) : false);
  return (
    <div className="app-shell">
      <TopBar title={route.title} hasBack={!route.isTabRoot} menuPaths={currentUser?.menuPaths} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the content scrolls here, not in the page: a keyboard must reach it to scroll a screen without links or fields. */}
      <main className="app-main" id="main" ref={mainRef} tabIndex={0}>
        {children}
        <p className="app-footer-line">{t.layout.footer}</p>
      </main>
      {currentUser && <FooterTabs menuPaths={currentUser.menuPaths} />}
    </div>
  );
};
