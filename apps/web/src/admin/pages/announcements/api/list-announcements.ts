// Announcement/GetList: the notices of the clerk's plants (a company-wide one: the SysAdmin's), newest first, paged.
import type { AnnouncementState } from '@ess/contract/announcements';
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const ANNOUNCEMENT_PAGE_SIZE = 20;
export type AnnouncementFilter = { bu: Plant | ''; state: AnnouncementState | '' };

export const announcementListQuery = (filter: AnnouncementFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.announcementList(filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'getAnnouncementList',
        { ...filter, CurrentPage: page, PageSize: ANNOUNCEMENT_PAGE_SIZE },
        { signal },
      ),
    staleTime: 0,
  });
