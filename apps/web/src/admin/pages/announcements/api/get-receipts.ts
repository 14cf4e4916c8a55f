// Announcement/GetReceipts and GetPending: read and acknowledged among those the notice reaches today, per plant and
// department, and who has not yet, a page at a time; of one plant (`bu`) or of all the clerk's ('').
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const PENDING_PAGE_SIZE = 20;

export const receiptsQuery = (id: number, bu: Plant | '' = '') =>
  queryOptions({
    queryKey: queryKeys.console.announcementReceipts(id, bu),
    queryFn: ({ signal }) => callApi('getAnnouncementReceipts', { id, ...(bu ? { bu } : {}) }, { signal }),
    staleTime: 0,
  });

export const pendingQuery = (id: number, bu: Plant | '', kind: 'unread' | 'unacknowledged', page: number) =>
  queryOptions({
    queryKey: queryKeys.console.announcementPending(id, bu, kind, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'getAnnouncementPending',
        { id, kind, CurrentPage: page, PageSize: PENDING_PAGE_SIZE, ...(bu ? { bu } : {}) },
        { signal },
      ),
    staleTime: 0,
  });
