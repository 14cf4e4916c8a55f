// Announcement/Get: one notice whole (body, attachment, the audience rule as given), for its receipts drawer.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const announcementQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.console.announcement(id),
    queryFn: ({ signal }) => callApi('getAnnouncement', { id }, { signal }),
  });
