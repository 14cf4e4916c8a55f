// RecruitmentRegister/GetCandidateList: the candidates employees referred to the plants the caller administers.
import type { CandidateStatus } from '@ess/contract/recruitment';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { commonFilterOf, SUBMISSION_PAGE_SIZE, type SubmissionFilter } from './submission-filter';

export const candidateRequestOf = (filter: SubmissionFilter) => ({
  ...commonFilterOf(filter),
  status: filter.status as CandidateStatus | '',
});

export const candidateListQuery = (filter: SubmissionFilter, page: number) => {
  const request = candidateRequestOf(filter);
  return queryOptions({
    queryKey: [...queryKeys.proposals.hrList('candidates', request), 'page', page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getCandidateList',
        { ...request, CurrentPage: page, PageSize: SUBMISSION_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
};
