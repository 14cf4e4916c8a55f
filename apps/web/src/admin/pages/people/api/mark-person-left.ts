// Employee/MarkLeft: the employee cannot sign in any more; their open sessions end at once.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useMarkPersonLeft = () =>
  useConsoleMutation({
    call: (leave: { id: number; leftOn: string }) => callApiEnvelope('markPersonLeft', leave),
    invalidates: [queryKeys.console.people],
  });
