// Proposal/GetMyProposals: the proposals the employee sent while signed in, newest first, with HR's status.
import type { MyProposal } from '@ess/contract/proposals';
import { callApiEnvelope } from '../../../lib/api-client';
import { type Page, usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export const getMyProposals = async (page: number, signal?: AbortSignal): Promise<Page<MyProposal>> => {
  const answer = await callApiEnvelope('getMyProposals', { currentPage: page }, { signal });
  return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
};

export const useMyProposals = () => usePagedQuery({ queryKey: queryKeys.proposals.mine, fetchPage: getMyProposals });
