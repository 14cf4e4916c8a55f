// Employee/Update: an employee's name, department, team, title, payslip type and enter date.
import type { RequestOf, Routes } from '@ess/contract';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useUpdatePerson = () =>
  useConsoleMutation({
    call: (person: RequestOf<Routes['updatePerson']>) => callApiEnvelope('updatePerson', person),
    invalidates: [queryKeys.console.people],
  });
