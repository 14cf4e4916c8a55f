// Top bar: back arrow, the screen's title, and a menu with 反馈 (feedback form) and 刷新 (refetch); reviewers also
// get 资料审核 with the number of requests waiting, on every screen.
// Laid out like antd-mobile's NavBar but not built from it: NavBar wraps its left slot in a role=button
// element, around the back button or around nothing on the tab screens.
import { useQueryClient } from '@tanstack/react-query';
import { Badge, SpinLoading } from 'antd-mobile';
import { LeftOutline, MessageOutline, MoreOutline, RedoOutline, UserContactOutline } from 'antd-mobile-icons';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadBoundary } from '../../components/load-boundary';
import { t } from '../../i18n/zh-CN';
import { ApiError, describeError } from '../../lib/api-client';
import { retryableLazy } from '../../lib/code-load';
import { CONSOLE_REVIEW_ADDRESS } from '../../lib/console-links';
import { isReviewer, usePendingReviewCount } from '../../lib/pending-review-count';
import { hasAnyToken } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { HOME_PATH } from '../paths';
import { ActionMenu, type MenuAction } from './action-menu';

const FeedbackPopup = retryableLazy(() => import('../../features/feedback/feedback-popup'));

/**
 * 资料审核 with the waiting requests as a badge; the number is part of the link's name. The review is the HR
 * console's page: a plain link, so none of the console's code comes into this app.
 */
const ReviewLink = ({ menuPaths }: { menuPaths: ReadonlySet<string> }) => {
  const { data: count = 0 } = usePendingReviewCount(menuPaths);
  return (
    <a
      href={CONSOLE_REVIEW_ADDRESS}
      className="icon-button review-link"
      aria-label={count > 0 ? t.review.badgeLabel(count) : t.routes.reviewList}
    >
      <Badge
        content={count > 0 ? (count > 99 ? '99+' : count) : null}
        color="var(--adm-color-danger)"
        wrapperClassName="review-link-badge"
      >
        <UserContactOutline aria-hidden="true" />
      </Badge>
    </a>
  );
};

/** `menuPaths` once the signed-in user is known. */
type TopBarProps = { title: string; hasBack: boolean; menuPaths?: ReadonlySet<string> };

export const TopBar = ({ title, hasBack, menuPaths }: TopBarProps) => {
  const isSignedIn = menuPaths !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isFeedbackOpen, setFeedbackOpen] = useState(false);
  const [isMenuOpen, setMenuOpen] = useState(false);

  const goBack = () => {
    // React Router numbers history entries; on the first screen of a visit there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(HOME_PATH, { replace: true });
  };

  const [isRefreshing, setRefreshing] = useState(false);
  const refreshScreen = async () => {
    if (isRefreshing) return;
    // The menu button spins meanwhile: a loading toast here would race the toasts of failed calls.
    setRefreshing(true);
    // Everything on screen, the profile and the menus too (a refetch of the user does not rotate tokens).
    await queryClient.refetchQueries({ type: 'active' });
    setRefreshing(false);
    const failure = queryClient
      .getQueryCache()
      .findAll({ type: 'active' })
      .map((query) => query.state.error)
      .find(Boolean);
    // A session the server ended has already said so and left for sign-in.
    if (!hasAnyToken() || (failure instanceof ApiError && failure.kind === 'unauthorized')) return;
    if (failure) void showToast({ content: describeError(failure), kind: 'fail', durationMs: 3000 });
    else void showToast({ content: t.layout.refreshed, kind: 'success' });
  };

  const actions: MenuAction[] = [
    ...(isSignedIn ? [{ key: 'feedback', text: t.layout.feedback, icon: <MessageOutline /> }] : []),
    { key: 'refresh', text: t.layout.refresh, icon: <RedoOutline /> },
  ];

  return (
    <header className="app-top-bar">
      <div className="app-nav">
        <div className="app-nav-side">
          {hasBack && (
            <button type="button" className="icon-button" aria-label={t.common.back} onClick={goBack}>
              <LeftOutline />
            </button>
          )}
        </div>
        <h1 className="app-title">{title}</h1>
        <div className="app-nav-side app-nav-side-end">
          {menuPaths && isReviewer(menuPaths) && <ReviewLink menuPaths={menuPaths} />}
          <ActionMenu
            actions={actions}
            onAction={(key) => (key === 'feedback' ? setFeedbackOpen(true) : void refreshScreen())}
            visible={isMenuOpen}
            onVisibleChange={setMenuOpen}
          >
            <button
              type="button"
              className="icon-button"
              aria-label={t.layout.menu}
              aria-haspopup="true"
              aria-expanded={isMenuOpen}
              aria-busy={isRefreshing}
            >
              {isRefreshing ? <SpinLoading style={{ '--size': '18px' }} aria-hidden="true" /> : <MoreOutline />}
            </button>
          </ActionMenu>
        </div>
      </div>
      <span className="visually-hidden" role="status">
        {isRefreshing ? t.layout.refreshing : ''}
      </span>
      {isFeedbackOpen && (
        <LoadBoundary fallback={() => null} onFailure={() => setFeedbackOpen(false)}>
          <Suspense fallback={null}>
            <FeedbackPopup visible={isFeedbackOpen} onClose={() => setFeedbackOpen(false)} />
          </Suspense>
        </LoadBoundary>
      )}
    </header>
  );
};
