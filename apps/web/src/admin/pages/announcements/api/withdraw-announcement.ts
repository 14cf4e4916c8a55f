// Announcement/Withdraw: gone from the app at once, kept in the list and the log.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useWithdrawAnnouncement = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('withdrawAnnouncement', { id }),
    invalidates: [queryKeys.console.announcements],
  });
