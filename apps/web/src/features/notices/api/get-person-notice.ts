// SystemNotice/GetPersonNotice: the notices the employee submitted, newest first, with the review outcome.
import { noticesRoutes, type PersonNotice } from '@ess/contract/notices';
import { callApiEnvelope } from '../../../lib/api-client';
import { type Page, usePagedQuery } from '../../../lib/paged-query';

export const getPersonNotice = async (page: number, signal?: AbortSignal): Promise<Page<PersonNotice>> => {
  const answer = await callApiEnvelope(noticesRoutes.getPersonNotice, { currentPage: page }, { signal });
  return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
};

export const usePersonNotices = () => usePagedQuery({ queryKey: ['notices', 'person'], fetchPage: getPersonNotice });
