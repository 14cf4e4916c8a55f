// Announcement/GetReceipts and GetPending: read and acknowledged among those the notice reaches today, per plant and
// department, and who has not yet, a page at a time.
import { queryOptions } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const PENDING_PAGE_SIZE = 20;

export const receiptsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.console.announcementReceipts(id),
    queryFn: ({ signal }) => callApi('getAnnouncementReceipts', { id }, { signal }),
    staleTime: 0,
  });

export const pendingQuery = (id: number, kind: 'unread' | 'unacknowledged', page: number) =>
  queryOptions({
    queryKey: queryKeys.console.announcementPending(id, kind, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'getAnnouncementPending',
        { id, kind, CurrentPage: page, PageSize: PENDING_PAGE_SIZE },
        { signal },
      ),
    staleTime: 0,
  });
