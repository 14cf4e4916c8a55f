// Handbook/WithdrawVersion: a version taken back, with the reason; the lists and the acceptance are read again.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useWithdrawVersion = () =>
  useConsoleMutation({
    call: (input: { id: number; reason: string }) => callApiEnvelope('withdrawHandbookVersion', input),
    invalidates: [queryKeys.console.handbook],
  });
