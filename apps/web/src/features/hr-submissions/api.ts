// Proposal/GetProposalList, RecruitmentRegister/GetCandidateList and their status calls: HR's lists of what the
// public forms sent, filtered by plant, month and kind, paged.

import type { Plant } from '@ess/contract';
import type { ProposalKind, ProposalRow, ProposalStatus } from '@ess/contract/proposals';
import type { CandidateRow, CandidateStatus } from '@ess/contract/recruitment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../lib/api-client';
import { usePagedQuery } from '../../lib/paged-query';
import { queryKeys } from '../../lib/query-keys';

export type SubmissionFilter = { bu: string; month: string; kind: string };

const PAGE_SIZE = 20;

export const useProposalList = (filter: SubmissionFilter) =>
  usePagedQuery<ProposalRow>({
    queryKey: queryKeys.proposals.hrList('proposals', filter),
    fetchPage: async (page, signal) => {
      const answer = await callApiEnvelope(
        'getProposalList',
        {
          bu: filter.bu as Plant | '',
          month: filter.month,
          kind: filter.kind as ProposalKind | '',
          CurrentPage: page,
          PageSize: PAGE_SIZE,
        },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
  });

export const useCandidateList = (filter: SubmissionFilter) =>
  usePagedQuery<CandidateRow>({
    queryKey: queryKeys.proposals.hrList('candidates', filter),
    fetchPage: async (page, signal) => {
      const answer = await callApiEnvelope(
        'getCandidateList',
        { bu: filter.bu as Plant | '', month: filter.month, CurrentPage: page, PageSize: PAGE_SIZE },
        { signal },
      );
      return { rows: answer.data, totalCount: answer.totalCount ?? 0 };
    },
  });

export const useSetStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { what: 'proposal'; id: number; status: ProposalStatus }
        | { what: 'candidate'; id: number; status: CandidateStatus },
    ) =>
      input.what === 'proposal'
        ? callApi('setProposalStatus', { id: input.id, status: input.status })
        : callApi('setCandidateStatus', { id: input.id, status: input.status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proposals.hr }),
  });
};

/** The CSV download of the list as filtered (the access cookie goes along with the link). */
export const exportUrl = (what: 'proposals' | 'candidates', filter: SubmissionFilter) => {
  const query = new URLSearchParams();
  if (filter.bu) query.set('bu', filter.bu);
  if (filter.month) query.set('month', filter.month);
  if (what === 'proposals' && filter.kind) query.set('kind', filter.kind);
  const text = query.toString();
  return `/api/export/${what}.csv${text ? `?${text}` : ''}`;
};
