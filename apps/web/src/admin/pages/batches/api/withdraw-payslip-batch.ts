// PayslipBatch/Withdraw: a published batch taken back with a reason the employees receive.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useWithdrawBatch = () =>
  useConsoleMutation({
    call: (input: { id: number; reason: string }) => callApiEnvelope('withdrawPayslipBatch', input),
    invalidates: [queryKeys.console.batches],
  });
