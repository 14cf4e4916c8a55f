// Console/RetryJob: a failed job put back to run at once; the failed list and the backups are read again (a backup
// retried writes its day's run anew). A refusal is told by the MutationCache.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useRetryJob = () =>
  useConsoleMutation({
    call: (job: { name: string; id: string }) => callApiEnvelope('retryJob', job),
    invalidates: [queryKeys.console.failedJobs, queryKeys.console.backups],
  });
