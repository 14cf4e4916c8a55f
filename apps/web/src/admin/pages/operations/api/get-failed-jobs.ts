// Console/GetFailedJobs: the background jobs that failed after their retries, newest first (SysAdmin).
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const failedJobsQuery = () =>
  queryOptions({
    queryKey: queryKeys.console.failedJobs,
    queryFn: ({ signal }) => callApi('getFailedJobs', {}, { signal }),
    refetchInterval: 60 * 1000,
  });
