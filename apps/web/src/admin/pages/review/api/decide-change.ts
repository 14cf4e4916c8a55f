// Review/ApproveChange and Review/RejectChange. Approval names the record versions the reviewer saw (the detail's
// seenVersions), so a record changed meanwhile is refused instead of overwritten. Afterwards the lists, the count
// and the request itself are read again; a request someone else decided, or whose records changed, is reloaded.
// A refusal is told by the query client's MutationCache; the page only shows it beside the request as well.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export type Decision =
  | { kind: 'approve'; id: number; seenVersions: Record<string, number>; opinion: string }
  | { kind: 'reject'; id: number; reason: string };

/** The server's msg (审核通过 / 已驳回). */
const decideChange = async (decision: Decision): Promise<string> => {
  const answer =
    decision.kind === 'approve'
      ? await callApiEnvelope('approveChange', {
          id: decision.id,
          seenVersions: decision.seenVersions,
          opinion: decision.opinion,
        })
      : await callApiEnvelope('rejectChange', { id: decision.id, reason: decision.reason });
  return answer.msg;
};

export const useDecideChange = () => {
  const queryClient = useQueryClient();
  const refresh = (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests.lists }),
      queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests.pendingCount }),
      queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests.detail(id) }),
    ]);
  return useMutation({
    mutationFn: decideChange,
    onSuccess: (_msg, decision) => {
      void refresh(decision.id);
    },
    onError: (error, decision) => {
      // Decided by another reviewer, or the records changed since: the page shows the request as it is now.
      if (error instanceof ApiError && error.kind === 'business') void refresh(decision.id);
    },
  });
};
