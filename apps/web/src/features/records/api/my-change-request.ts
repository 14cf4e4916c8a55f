// Review/GetMyChange and Review/WithdrawChange: the employee's own change of a kind while it waits for review (what
// they sent, numbers masked), and taking it back before anyone decided.
import type { ChangeKind } from '@ess/contract/records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const useMyChangeRequest = (kind: ChangeKind) =>
  useQuery({
    queryKey: queryKeys.records.changeRequest(kind),
    queryFn: ({ signal }) => callApi('getMyChange', { kind }, { signal }),
  });

export const useWithdrawChangeRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await callApiEnvelope('withdrawChange', { id })).msg,
    // Withdrawn, or decided meanwhile (refused): either way the records and the notices have moved on.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notices.person }),
      ]),
  });
};
