// One QueryClient per page load, made when the first screen that queries opens (app/query-scope.tsx): the sign-in
// screen makes none, so the query library stays off /login. No automatic retries or focus refetches: on a weak
// network a retry storm costs more than it saves, and every failure already told the user (toast or error state).
// A failed mutation is reported here, once, for every screen.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { holdPageQueries } from './page-queries';
import { toastFailure } from './report-failure';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Words the server's refusal, e.g. 修改失败！ + the message. */
      describeFailure?: (message: string) => string;
    };
  }
}

export const createQueryClient = () =>
  new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => toastFailure(error, mutation.meta?.describeFailure),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });

let pageClient: QueryClient | undefined;

/** The page's one cache, shared by every screen that queries; lib/page-queries.ts clears it from outside. */
export const getPageQueryClient = (): QueryClient => {
  if (!pageClient) {
    pageClient = createQueryClient();
    holdPageQueries(pageClient);
  }
  return pageClient;
};

/** Tests start every case without the cache of the one before. */
export const forgetPageQueryClient = () => {
  pageClient?.clear();
  pageClient = undefined;
  holdPageQueries(undefined);
};
