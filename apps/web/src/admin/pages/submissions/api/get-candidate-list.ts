// RecruitmentRegister/GetCandidateList: the candidates employees referred to the plants the caller administers.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { SUBMISSION_PAGE_SIZE, type SubmissionFilter } from './submission-filter';

export const candidateListQuery = ({ bu, month }: SubmissionFilter, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.proposals.hrList('candidates', { bu, month }), 'page', page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getCandidateList',
        { bu, month, CurrentPage: page, PageSize: SUBMISSION_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
