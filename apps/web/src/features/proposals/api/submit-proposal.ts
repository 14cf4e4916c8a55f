// TrainMaterial/ModifyProposalImproveDetail and ToolSysCollection/AddProposalStudy: the form as the modify JSON.
import type { ImproveProposalForm, StudyProposalForm } from '@ess/contract/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const useSubmitImprove = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ImproveProposalForm) => callApi('modifyProposalImproveDetail', { modify: JSON.stringify(form) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proposals.mine }),
  });
};

export const useSubmitStudy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: StudyProposalForm) => callApi('addProposalStudy', { modify: JSON.stringify(form) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proposals.mine }),
  });
};
