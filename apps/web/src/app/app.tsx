// The app root: query cache, router, and the bridge that turns an expired session into a sign-in.
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { setSessionOverHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './app-routes';
import { toSignInPath } from './decide-access';

const SessionOverBridge = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setSessionOverHandler((redirect) => {
      queryClient.clear();
      navigate(toSignInPath(redirect), { replace: true });
    });
  }, [navigate, queryClient]);
  return null;
};

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionOverBridge />
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
};
