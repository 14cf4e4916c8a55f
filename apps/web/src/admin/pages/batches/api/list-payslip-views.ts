// PayslipBatch/GetViews: every time one of the batch's payslips was sent to its employee's phone, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const VIEW_PAGE_SIZE = 20;

export const batchViewsQuery = (batchId: number, empNo: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.batchViews(batchId, empNo, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'listPayslipViews',
        { id: batchId, ...(empNo && { empNo }), CurrentPage: page, PageSize: VIEW_PAGE_SIZE },
        { signal },
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
