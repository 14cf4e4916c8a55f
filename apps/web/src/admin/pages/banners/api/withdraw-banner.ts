// Banner/Withdraw: off the workers' home page; the row stays in the list as 已撤下.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useWithdrawBanner = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('withdrawBanner', { id }),
    invalidates: [queryKeys.console.banners],
  });
