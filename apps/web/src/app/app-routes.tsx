// The router: `/` → /home, every route of the table, unknown paths → /404.
import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from './page-loading';
import { HOME_PATH, NOT_FOUND_PATH } from './paths';
import { type AppRoute, routeTable } from './route-table';
import { type ScreenProps, useDocumentTitle } from './screen';

// The gate, the layout and antd-mobile load only for screens that need them, never for /login.
const RouteGate = lazy(() => import('./route-gate'));

const BareScreen = ({ route, Page }: ScreenProps) => {
  useDocumentTitle(route.title);
  return <Page />;
};

export const AppRoutes = ({ table = routeTable }: { table?: readonly AppRoute[] }) => {
  const screens = useMemo(
    () =>
      table.map((route) => {
        const Page = lazy(route.load);
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
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
        {screens.map(({ route, element }) => (
          <Route key={route.path} path={route.path} element={element} />
        ))}
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Routes>
    </Suspense>
  );
};
