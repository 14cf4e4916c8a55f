// Inbox/GetFeedbackList: the feedback workers of the caller's plants sent, the longest-waiting unanswered first.
import type { FeedbackStatus } from '@ess/contract/inbox';
import type { FeedbackType } from '@ess/contract/notices';
import type { Plant } from '@ess/contract/plants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { SUBMISSION_PAGE_SIZE } from './submission-filter';

export type FeedbackFilter = { bu: Plant | ''; month: string; type: FeedbackType | ''; status: FeedbackStatus | '' };

export const feedbackListQuery = (filter: FeedbackFilter, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.proposals.feedback, filter, 'page', page],
    queryFn: async ({ signal }) => {
      const answer = await callApiEnvelope(
        'getFeedbackList',
        { ...filter, CurrentPage: page, PageSize: SUBMISSION_PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
