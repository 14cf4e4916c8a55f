// How many change requests wait for a reviewer (Review/GetPendingCount): the badge of 资料审核 on home and in the
// top bar. Only holders of the review menu (M18, role AppVerify) ask; everyone else loads nothing. Pushes keep it
// fresh (lib/realtime.ts invalidates it), so it is not re-read on its own.
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { REVIEW_LIST_PATH } from './console-links';
import { queryKeys } from './query-keys';

export const isReviewer = (menuPaths: ReadonlySet<string>) => menuPaths.has(REVIEW_LIST_PATH);

/** The count's query, also asked by the HR console's 资料审核 page (admin/pages/review). */
export const pendingReviewCountQuery = {
  queryKey: queryKeys.changeRequests.pendingCount,
  // Quiet: a badge that failed to load is no reason for a toast over the screen the worker is using.
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await callApi('getPendingCount', {}, { signal, isQuiet: true })).count,
  staleTime: 5 * 60_000,
};

export const usePendingReviewCount = (menuPaths: ReadonlySet<string> | undefined) =>
  useQuery({ ...pendingReviewCountQuery, enabled: menuPaths !== undefined && isReviewer(menuPaths) });
