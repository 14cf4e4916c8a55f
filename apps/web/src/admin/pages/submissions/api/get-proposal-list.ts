// Proposal/GetProposalList: the proposals the public forms sent to the plants the caller administers, one page.
import type { ProposalStatus } from '@ess/contract/proposals';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { commonFilterOf, SUBMISSION_PAGE_SIZE, type SubmissionFilter } from './submission-filter';

export const proposalRequestOf = (filter: SubmissionFilter) => ({
  ...commonFilterOf(filter),
  kind: filter.kind,
  status: filter.status as ProposalStatus | '',
});

export const proposalListQuery = (filter: SubmissionFilter, page: number) => {
  const request = proposalRequestOf(filter);
  return queryOptions({
    queryKey: [...queryKeys.proposals.hrList('proposals', request), 'page', page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getProposalList',
        { ...request, CurrentPage: page, PageSize: SUBMISSION_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
};
