// Decides what a navigation shows (sign-in, session restore, forced password change, 404, the screen)
// and wraps the screen in the app layout.
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LoadBoundary } from '../components/load-boundary';
import { ErrorState } from '../components/query-states';
import { t } from '../i18n/zh-CN';
import { ApiError } from '../lib/api-client';
import { CURRENT_USER_KEY, useCurrentUser } from '../lib/current-user';
import { clearSession, hasAnyToken } from '../lib/session';
import { showToast } from '../lib/toast';
import { decideAccess, toSignInPath } from './decide-access';
import { gatePage } from './gate-screens';
import { AppLayout } from './layout/app-layout';
import { PageLoading } from './page-loading';
import NotFoundPage from './pages/not-found-page';
import { CHANGE_PASSWORD_PATH, NOT_FOUND_PATH } from './paths';
import QueryScope from './query-scope';
import { findRoute } from './route-table';
import { type ScreenProps, useDocumentTitle } from './screen';

// With the gate, not on first use: the toast that says a screen's code did not arrive must not need a download.
void import('../lib/toast-view').catch(() => {});

export type ForcedPasswordState = { isForced: true };

/** Only the server ends a session: a refused token, or a profile it will not give. A dropped request does not. */
const signOutMessage = (error: unknown): string | undefined => {
  if (!(error instanceof ApiError)) return undefined;
  if (error.kind === 'unauthorized') return t.api.unauthorized;
  if (error.kind === 'business') return t.session.profileFailed;
  return undefined;
};

const RouteGate = ({ route, Page }: ScreenProps) => {
  const Screen = Page ?? gatePage(route.path);
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
  const restoreError = !route.isPublic && !currentUser.data && currentUser.isError ? currentUser.error : undefined;
  const signOut = restoreError ? signOutMessage(restoreError) : undefined;

  useEffect(() => {
    if (!signOut) return;
    clearSession();
    queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
    void showToast({ content: signOut, kind: 'fail' });
    navigate(toSignInPath(here), { replace: true });
  }, [signOut, here, navigate, queryClient]);

  // Menus that failed to load come back with the next navigation, not only with a full reload.
  const isMenuLoadFailed = currentUser.data?.isMenuLoadFailed === true;
  const { refetch, isFetching } = currentUser;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation; the path is the trigger.
  useEffect(() => {
    if (isMenuLoadFailed) void refetch();
  }, [location.pathname]);

  const isForcedToChange = decision.kind === 'change-password';
  useEffect(() => {
    if (isForcedToChange) void showToast({ content: t.session.mustChangePassword, kind: 'warning' });
  }, [isForcedToChange]);

  const shownRoute = decision.kind === 'not-found' ? (findRoute(NOT_FOUND_PATH) ?? route) : route;
  useDocumentTitle(shownRoute.title);

  if (restoreError && !signOut) {
    // The network failed while restoring the session: the worker stays signed in and can try again.
    return (
      <div className="page-center">
        <ErrorState error={restoreError} onRetry={() => void refetch()} isRetrying={isFetching} />
      </div>
    );
  }

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
          {/* A screen whose code does not arrive says so inside the frame, with 重试 (components/load-boundary.tsx). */}
          <LoadBoundary resetKey={here}>
            <Suspense fallback={<PageLoading />}>
              <Screen />
            </Suspense>
          </LoadBoundary>
        </AppLayout>
      );
  }
};

/** The gate and every screen behind it share the page's query cache. */
const RouteGateWithQueries = (props: ScreenProps) => (
  <QueryScope>
    <RouteGate {...props} />
  </QueryScope>
);

export default RouteGateWithQueries;
export { startPrivateScreen } from './gate-screens';
