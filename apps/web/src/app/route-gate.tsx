// Decides what a navigation shows (sign-in, session restore, forced password change, 404, the screen)
// and wraps the screen in the app layout.
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { t } from '../i18n/zh-CN';
import { CURRENT_USER_KEY, useCurrentUser } from '../lib/current-user';
import { clearSession, hasAnyToken } from '../lib/session';
import { showToast } from '../lib/toast';
import { type ScreenProps, useDocumentTitle } from './app-routes';
import { decideAccess, toSignInPath } from './decide-access';
import { AppLayout } from './layout/app-layout';
import { PageLoading } from './page-loading';
import NotFoundPage from './pages/not-found-page';
import { CHANGE_PASSWORD_PATH, findRoute, NOT_FOUND_PATH } from './route-table';

export type ForcedPasswordState = { isForced: true };

const RouteGate = ({ route, Page }: ScreenProps) => {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const here = `${location.pathname}${location.search}`;
  const user = currentUser.data
    ? { menuPaths: currentUser.data.menuPaths, mustChangePassword: currentUser.data.profile.mustChangePassword }
    : undefined;
  const decision = decideAccess({
    route,
    location: here,
    hasToken: hasAnyToken(),
    user,
    changePasswordPath: CHANGE_PASSWORD_PATH,
  });
  const isRestoreFailed = currentUser.isError && !route.isPublic;

  useEffect(() => {
    if (!isRestoreFailed) return;
    clearSession();
    queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
    void showToast({ content: t.session.profileFailed, kind: 'fail' });
    navigate(toSignInPath(here), { replace: true });
  }, [isRestoreFailed, here, navigate, queryClient]);

  const isForcedToChange = decision.kind === 'change-password';
  useEffect(() => {
    if (isForcedToChange) void showToast({ content: t.session.mustChangePassword, kind: 'warning' });
  }, [isForcedToChange]);

  const shownRoute = decision.kind === 'not-found' ? (findRoute(NOT_FOUND_PATH) ?? route) : route;
  useDocumentTitle(shownRoute.title);

  switch (decision.kind) {
    case 'sign-in':
      return <Navigate to={toSignInPath(decision.redirect)} replace />;
    case 'restore':
      return <PageLoading />;
    case 'change-password':
      return <Navigate to={CHANGE_PASSWORD_PATH} replace state={{ isForced: true } satisfies ForcedPasswordState} />;
    case 'not-found':
      return (
        <AppLayout route={shownRoute}>
          <NotFoundPage />
        </AppLayout>
      );
    case 'render':
      return (
        <AppLayout route={route}>
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </AppLayout>
      );
  }
};

export default RouteGate;
