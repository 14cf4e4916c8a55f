// Review/GetChangeDetail: one request with its differences against the records as they are now.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const changeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.changeRequests.detail(id),
    queryFn: ({ signal }) => callApi('getChangeDetail', { id }, { signal }),
    // What the reviewer decides on must be today's: read again whenever it is opened.
    staleTime: 0,
  });
