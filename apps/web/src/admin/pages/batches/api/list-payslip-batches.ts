// PayslipBatch/List: each imported month of the clerk's plants as a batch with its state and counts, paged.
import { queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const BATCH_PAGE_SIZE = 10;

export const batchListQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.console.batchList(page),
    queryFn: ({ signal }) =>
      callApiEnvelope('listPayslipBatches', { CurrentPage: page, PageSize: BATCH_PAGE_SIZE }, { signal }),
    staleTime: 0,
  });
