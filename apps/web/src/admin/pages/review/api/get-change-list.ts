// Review/GetChangeList: the change requests of one status, filtered by plant and kind, one page of the table
// (pending oldest first). Under the review keys, so a push or a decision (which invalidate review.changes) reads it
// again.
import type { Plant } from '@ess/contract/plants';
import type { ChangeKind } from '@ess/contract/records';
import type { ReviewStatus } from '@ess/contract/review';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** '' is every plant, every kind. */
export type ChangeFilter = { status: ReviewStatus; bu: Plant | ''; kind: ChangeKind | '' };

export const CHANGE_PAGE_SIZE = 20;

export const changeListQuery = (filter: ChangeFilter, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.changeRequests.list(filter), 'page', page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getChangeList',
        { status: filter.status, bu: filter.bu, kind: filter.kind, CurrentPage: page, PageSize: CHANGE_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });
