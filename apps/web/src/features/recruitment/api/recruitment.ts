// RecruitmentRegister/GetMyReferrals (the referrer's candidates) and InsertRecruitmentRegister (the public form).
import type { RegisterForm } from '@ess/contract/recruitment';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const useMyReferrals = () =>
  useQuery({
    queryKey: queryKeys.proposals.referrals,
    queryFn: ({ signal }) => callApi('getMyReferrals', {}, { signal }),
  });

export const useRegisterCandidate = () =>
  useMutation({
    mutationFn: (form: RegisterForm) => callApi('insertRecruitmentRegister', { modify: JSON.stringify(form) }),
  });
