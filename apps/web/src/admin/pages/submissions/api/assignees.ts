// Inbox/GetAssignees and Inbox/Assign: the HR colleagues an item of a plant can go to (read once per plant and
// kept a while: a plant's HR changes seldom), and the assignment, after which every list is read again.
import type { InboxKind } from '@ess/contract/inbox';
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const assigneesQuery = (bu: string) =>
  queryOptions({
    queryKey: queryKeys.proposals.assignees(bu),
    queryFn: ({ signal }) => callApi('getInboxAssignees', { bu: bu as Plant }, { signal }),
    staleTime: 10 * 60_000,
  });

export const useAssignInboxItem = () =>
  useConsoleMutation({
    call: (input: { kind: InboxKind; id: number; assigneeEmpNo: string }) => callApiEnvelope('assignInboxItem', input),
    invalidates: [queryKeys.proposals.hr],
  });
