// Import/GetJob: one import's state, mapping, preview and rejected rows.
import type { ImportStatus } from '@ess/contract/import-kinds';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** The states in which the worker is still at the job. */
export const WORKING: readonly ImportStatus[] = ['queued', 'parsing', 'validating', 'committing'];

export const importJobQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.console.importJob(id),
    queryFn: ({ signal }) => callApi('getImportJob', { id }, { signal }),
    staleTime: 0,
    // The socket wakes this page; a slow poll while the job works covers a socket that is away.
    refetchInterval: (query) => (query.state.data && WORKING.includes(query.state.data.status) ? 2000 : false),
  });
