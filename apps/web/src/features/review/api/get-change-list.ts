// Review/GetChangeList: the change requests of one status, filtered by plant and kind, paged (pending oldest first).
import type { Plant } from '@ess/contract/plants';
import type { ChangeKind } from '@ess/contract/records';
import type { ChangeListItem, ReviewStatus } from '@ess/contract/review';
import { callApiEnvelope } from '../../../lib/api-client';
import { type Page, usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** '' is every plant, every kind. */
export type ChangeFilter = { status: ReviewStatus; bu: Plant | ''; kind: ChangeKind | '' };

export const CHANGE_PAGE_SIZE = 20;

export const getChangeList = async (
  filter: ChangeFilter,
  page: number,
  signal?: AbortSignal,
): Promise<Page<ChangeListItem>> => {
  const answer = await callApiEnvelope(
    'getChangeList',
    { status: filter.status, bu: filter.bu, kind: filter.kind, CurrentPage: page, PageSize: CHANGE_PAGE_SIZE },
    { signal },
  );
  return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
};

export const useChangeList = (filter: ChangeFilter) =>
  usePagedQuery({
    queryKey: queryKeys.review.changeList(filter),
    fetchPage: (page, signal) => getChangeList(filter, page, signal),
  });
