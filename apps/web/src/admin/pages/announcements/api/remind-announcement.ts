// Announcement/Remind: the one reminder to those who have not read (or acknowledged) it, sent in the background.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useRemindAnnouncement = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('remindAnnouncement', { id }),
    invalidates: [queryKeys.console.announcements],
  });
