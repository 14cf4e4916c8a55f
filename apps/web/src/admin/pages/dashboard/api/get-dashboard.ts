// Console/GetDashboard: the figures of each plant the caller administers (or of one), read again every minute while
// the page is open: what waits for HR changes through the day.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const dashboardQuery = (bu: Plant | '') =>
  queryOptions({
    queryKey: queryKeys.console.dashboard(bu),
    queryFn: ({ signal }) => callApi('getDashboard', { bu }, { signal }),
    refetchInterval: 60_000,
  });
