// LogisticsDormitory/GetDormitoryCostForMobile: water, electricity and accommodation per month, paged.
import type { DormitoryCost } from '@ess/contract/logistics';
import { callApiEnvelope } from '../../../lib/api-client';
import { type Page, usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export const getDormitoryCostForMobile = async (page: number, signal?: AbortSignal): Promise<Page<DormitoryCost>> => {
  const answer = await callApiEnvelope('getDormitoryCostForMobile', { query: { CurrentPage: page } }, { signal });
  return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
};

export const useDormitoryCosts = () =>
  usePagedQuery({ queryKey: queryKeys.logistics.dormitory, fetchPage: getDormitoryCostForMobile });
