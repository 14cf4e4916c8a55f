// PayslipBatch/ListDisputes: the questions the employees asked on lines of the batch's payslips.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const batchDisputesQuery = (batchId: number) =>
  queryOptions({
    queryKey: queryKeys.console.batchDisputes(batchId),
    queryFn: ({ signal }) => callApi('listPayslipDisputes', { id: batchId }, { signal }),
    staleTime: 0,
  });
