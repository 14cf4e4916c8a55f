// SystemNotice/GetPersonNotice: the notices the employee submitted, newest first, with the review outcome.
import type { PersonNotice } from '@ess/contract/notices';
import { callApiEnvelope } from '../../../lib/api-client';
import { type Page, usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export const getPersonNotice = async (page: number, signal?: AbortSignal): Promise<Page<PersonNotice>> => {
  const answer = await callApiEnvelope('getPersonNotice', { currentPage: page }, { signal });
  return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
};

export const usePersonNotices = () => usePagedQuery({ queryKey: queryKeys.notices.person, fetchPage: getPersonNotice });
