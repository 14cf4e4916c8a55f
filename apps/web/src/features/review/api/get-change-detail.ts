// Review/GetChangeDetail: one request with its differences against the records as they are now.
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getChangeDetail = (id: number, signal?: AbortSignal) => callApi('getChangeDetail', { id }, { signal });

export const useChangeDetail = (id: number) =>
  useQuery({
    queryKey: queryKeys.review.detail(id),
    queryFn: ({ signal }) => getChangeDetail(id, signal),
    // What the reviewer decides on must be today's: read again whenever it is opened.
    staleTime: 0,
  });
