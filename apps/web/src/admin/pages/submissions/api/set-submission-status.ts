// Proposal/SetProposalStatus and RecruitmentRegister/SetCandidateStatus: where a proposal or a candidate stands, and
// HR's answer to its submitter or referrer. Both lists are read again afterwards; a refusal is told by the
// MutationCache.
import type { ProposalStatus } from '@ess/contract/proposals';
import type { CandidateStatus } from '@ess/contract/recruitment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { ct } from '../../../texts';

export type StatusChange = (
  | { what: 'proposal'; id: number; status: ProposalStatus }
  | { what: 'candidate'; id: number; status: CandidateStatus }
) & { answer?: string };

export const useSetSubmissionStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ what, ...change }: StatusChange) =>
      what === 'proposal'
        ? callApi('setProposalStatus', change as { id: number; status: ProposalStatus; answer?: string })
        : callApi('setCandidateStatus', change as { id: number; status: CandidateStatus; answer?: string }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proposals.hr }),
    meta: { describeFailure: ct.submissions.statusFailed },
  });
};
