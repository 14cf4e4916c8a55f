// EmployeeInduction/GetEmployeeInfo: the base data of 个人信息 (masked ID card number) and whether an edit of it
// or of the education list waits for review. The query names the employee as the spec's call does; the server
// answers for the signed-in employee whatever it says.
import type { Profile } from '@ess/contract/account';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getEmployeeInfo = (profile: Profile, signal?: AbortSignal) =>
  callApi(
    'getEmployeeInfo',
    { query: JSON.stringify({ EmpName: profile.userName, bu: profile.baseBu, EmpNo: profile.userAccount }) },
    { signal },
  );

export const useEmployeeInfo = (profile: Profile) =>
  useQuery({ queryKey: queryKeys.records.employeeInfo, queryFn: ({ signal }) => getEmployeeInfo(profile, signal) });
