// LogisticsCabinet/GetCommandState: a cabinet command the server is still trying, asked again every two seconds
// until it has opened the box or given up (within two minutes on the server's side).
import type { CommandState } from '@ess/contract/logistics';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const FOLLOW_EVERY_MS = 2000;

export const getCommandState = (id: number, signal?: AbortSignal) => callApi('getCommandState', { id }, { signal });

/** Follows the command while it is pending; `started` is the state its call answered. */
export const useCommandState = (started: CommandState | undefined) =>
  useQuery({
    queryKey: queryKeys.logistics.command(started?.id ?? 0),
    queryFn: ({ signal }) => getCommandState(started?.id ?? 0, signal),
    enabled: started?.status === 'pending',
    initialData: started,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? FOLLOW_EVERY_MS : false),
  });
