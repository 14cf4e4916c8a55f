// Proposal/GetProposalList: the proposals the public forms sent to the plants the caller administers, one page.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { SUBMISSION_PAGE_SIZE, type SubmissionFilter } from './submission-filter';

export const proposalListQuery = (filter: SubmissionFilter, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.proposals.hrList('proposals', filter), 'page', page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getProposalList',
        { ...filter, CurrentPage: page, PageSize: SUBMISSION_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
