// The query cache around the screens that query: every screen behind the route gate (the signed-in screens and
// the public forms) and the bare screens but sign-in. The app root holds none, so /login downloads no query
// library (docs/decisions.md, "/login size"); all of them share the page's one cache.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getPageQueryClient } from '../lib/query-client';

const QueryScope = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={getPageQueryClient()}>{children}</QueryClientProvider>
);

export default QueryScope;
