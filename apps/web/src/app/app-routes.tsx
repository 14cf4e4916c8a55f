// The router: `/` → /home, every route of the table, unknown paths → /404.
import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LoadBoundary } from '../components/load-boundary';
import { retryableLazy } from '../lib/code-load';
import { hasAnyToken } from '../lib/session';
import { PageLoading } from './page-loading';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './paths';
import { type AppRoute, routeTable } from './route-table';
import { type ScreenProps, useDocumentTitle } from './screen';

// The gate, the layout and antd-mobile load only for screens that need them, never for /login; with a
// session they start loading at once, beside the rest of the app's start.
const loadRouteGate = () => import('./route-gate');
if (hasAnyToken() && window.location.pathname !== LOGIN_PATH) void loadRouteGate().catch(() => {});
const RouteGate = retryableLazy(loadRouteGate);
// The gate brings the query cache with it; a bare screen that queries (the reset landing) loads it on its own.
const QueryScope = retryableLazy(() => import('./query-scope'));

const BareScreen = ({ route, Page }: ScreenProps) => {
  useDocumentTitle(route.title);
  if (!Page) return null;
  if (route.isQueryFree) return <Page />;
  return (
    <QueryScope>
      <Page />
    </QueryScope>
  );
};

/**
 * With a session, a private screen's code and its first data start loading as soon as the gate's code is in,
 * beside the session restore instead of after it.
 */
const useEarlyLoad = (table: readonly AppRoute[]) => {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation; the path is the trigger.
  useEffect(() => {
    if (!hasAnyToken()) return;
    const route = table.find((candidate) => candidate.path === (pathname === '/' ? HOME_PATH : pathname));
    if (!route || route.isPublic) return;
    if (route.load) void route.load().catch(() => {});
    else
      void loadRouteGate().then(
        ({ startPrivateScreen }) => startPrivateScreen(route.path),
        () => {},
      );
  }, [pathname]);
};

export const AppRoutes = ({ table = routeTable }: { table?: readonly AppRoute[] }) => {
  const { pathname } = useLocation();
  useEarlyLoad(table);
  const screens = useMemo(
    () =>
      table.map((route) => {
        const Page = route.load && retryableLazy(route.load);
        const element =
          route.layout === 'bare' ? (
            <BareScreen key={route.path} route={route} Page={Page} />
          ) : (
            <RouteGate key={route.path} route={route} Page={Page} />
          );
        return { route, element };
      }),
    [table],
  );
  // Where the frame's own code did not arrive, the failure takes the whole page, never leaving it blank.
  return (
    <LoadBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
          {screens.map(({ route, element }) => (
            <Route key={route.path} path={route.path} element={element} />
          ))}
          <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
        </Routes>
      </Suspense>
    </LoadBoundary>
  );
};
