// Announcement/GetMineOne: one notice whole; opening it is reading it (the server keeps the receipt).
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getMyAnnouncement = (id: number, signal?: AbortSignal) => callApi('getMyAnnouncement', { id }, { signal });

export const useMyAnnouncement = (id: number) =>
  useQuery({ queryKey: queryKeys.announcements.one(id), queryFn: ({ signal }) => getMyAnnouncement(id, signal) });
