// Announcement/GetMine: HR's notices to the caller (公告), the 须确认 ones still to acknowledge on top.
import type { MyAnnouncement } from '@ess/contract/announcements';
import { callApiEnvelope } from '../../../lib/api-client';
import { type Page, usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export const getMyAnnouncements = async (page: number, signal?: AbortSignal): Promise<Page<MyAnnouncement>> => {
  const answer = await callApiEnvelope('getMyAnnouncements', { currentPage: page }, { signal });
  return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
};

export const useMyAnnouncements = () =>
  usePagedQuery({ queryKey: queryKeys.announcements.mine, fetchPage: getMyAnnouncements });
