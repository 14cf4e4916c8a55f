// Inbox/GetFeedbackList: the feedback workers of the caller's plants sent, the longest-waiting unanswered first.
import type { FeedbackStatus } from '@ess/contract/inbox';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { commonFilterOf, SUBMISSION_PAGE_SIZE, type SubmissionFilter } from './submission-filter';

export const feedbackListQuery = (filter: SubmissionFilter, page: number) => {
  const request = { ...commonFilterOf(filter), type: filter.type, status: filter.status as FeedbackStatus | '' };
  return queryOptions({
    queryKey: [...queryKeys.proposals.feedback, request, 'page', page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getFeedbackList',
        { ...request, CurrentPage: page, PageSize: SUBMISSION_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
};
