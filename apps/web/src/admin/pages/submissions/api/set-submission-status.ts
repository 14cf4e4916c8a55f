// Proposal/SetProposalStatus and RecruitmentRegister/SetCandidateStatus: where a proposal or a candidate stands.
// Both lists are read again afterwards; a refusal is told by the MutationCache.
import type { ProposalStatus } from '@ess/contract/proposals';
import type { CandidateStatus } from '@ess/contract/recruitment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { ct } from '../../../texts';

export type StatusChange =
  | { what: 'proposal'; id: number; status: ProposalStatus }
  | { what: 'candidate'; id: number; status: CandidateStatus };

export const useSetSubmissionStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) =>
      change.what === 'proposal'
        ? callApi('setProposalStatus', { id: change.id, status: change.status })
        : callApi('setCandidateStatus', { id: change.id, status: change.status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proposals.hr }),
    meta: { describeFailure: ct.submissions.statusFailed },
  });
};
