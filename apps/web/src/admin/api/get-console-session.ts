// Console/GetSession: who is signed in, their roles and the plants they manage. Read once per page load (a push of
// changed roles reads it again); a failure sends the user to the console's sign-in, so it is asked quietly.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const consoleSessionQuery = (isSignedIn: boolean) =>
  queryOptions({
    queryKey: queryKeys.console.session,
    queryFn: ({ signal }) => callApi('getConsoleSession', {}, { signal, isQuiet: true }),
    enabled: isSignedIn,
    staleTime: Number.POSITIVE_INFINITY,
  });
