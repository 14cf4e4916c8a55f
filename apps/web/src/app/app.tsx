// The app root: the router, and the bridge that turns an expired session into a sign-in. The query cache is not
// here: it wraps only the screens that query (./query-scope.tsx), so /login loads no query library.
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { setSessionOverHandler } from '../lib/api-client';
import { clearPageQueries } from '../lib/page-queries';
import { AppRoutes } from './app-routes';
import { toSignInPath } from './decide-access';

const SessionOverBridge = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionOverHandler((redirect) => {
      clearPageQueries();
      navigate(toSignInPath(redirect), { replace: true });
    });
  }, [navigate]);
  return null;
};

export const App = () => (
  <BrowserRouter>
    <SessionOverBridge />
    <AppRoutes />
  </BrowserRouter>
);
