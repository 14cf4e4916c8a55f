// Handbook/GetAcceptance and Handbook/GetPendingList: how many accepted a handbook version, per plant and department,
// and who has not, a page at a time.
import { CONSOLE_PAGE_SIZE } from '@ess/contract/common';
import type { Plant } from '@ess/contract/plants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const acceptanceQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.console.handbook, 'acceptance', id],
    queryFn: ({ signal }) => callApi('getHandbookAcceptance', { id }, { signal }),
  });

export type PendingFilter = { bu: Plant | ''; deptName: string };

export const pendingQuery = (id: number, filter: PendingFilter, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.console.handbook, 'pending', id, filter, page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getHandbookPending',
        { id, ...filter, CurrentPage: page, PageSize: CONSOLE_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
