// Top bar: back arrow, the screen's title, and a menu with 反馈 (feedback form) and 刷新 (refetch).
import { useQueryClient } from '@tanstack/react-query';
import { NavBar } from 'antd-mobile';
import { LeftOutline, MessageOutline, MoreOutline, RedoOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { CURRENT_USER_KEY } from '../../lib/current-user';
import { HOME_PATH } from '../route-table';
import { ActionMenu, type MenuAction } from './action-menu';

const FeedbackPopup = lazy(() => import('../../features/feedback/feedback-popup'));

type TopBarProps = { title: string; hasBack: boolean; isSignedIn: boolean };

export const TopBar = ({ title, hasBack, isSignedIn }: TopBarProps) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isFeedbackOpen, setFeedbackOpen] = useState(false);

  const goBack = () => {
    // React Router numbers history entries; on the first screen of a visit there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(HOME_PATH, { replace: true });
  };

  const refreshScreen = () => {
    // Everything the screen shows, not the restored session (that would rotate the tokens again).
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  };

  const actions: MenuAction[] = [
    ...(isSignedIn ? [{ key: 'feedback', text: t.layout.feedback, icon: <MessageOutline /> }] : []),
    { key: 'refresh', text: t.layout.refresh, icon: <RedoOutline /> },
  ];

  return (
    <header className="app-top-bar">
      <NavBar
        back={null}
        left={
          hasBack ? (
            <button type="button" className="icon-button" aria-label={t.common.back} onClick={goBack}>
              <LeftOutline />
            </button>
          ) : null
        }
        right={
          <ActionMenu
            actions={actions}
            onAction={(key) => (key === 'feedback' ? setFeedbackOpen(true) : refreshScreen())}
          >
            <button type="button" className="icon-button" aria-label={t.layout.menu}>
              <MoreOutline />
            </button>
          </ActionMenu>
        }
      >
        <h1 className="app-title">{title}</h1>
      </NavBar>
      {isFeedbackOpen && (
        <Suspense fallback={null}>
          <FeedbackPopup visible={isFeedbackOpen} onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </header>
  );
};
