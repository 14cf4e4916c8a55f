// Employee/SetRoles (SysAdmin): the roles an employee holds besides Employee, and an HR admin's plants.
import type { RequestOf, Routes } from '@ess/contract';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useSetPersonRoles = () =>
  useConsoleMutation({
    call: (roles: RequestOf<Routes['setPersonRoles']>) => callApiEnvelope('setPersonRoles', roles),
    invalidates: [queryKeys.console.people],
  });
