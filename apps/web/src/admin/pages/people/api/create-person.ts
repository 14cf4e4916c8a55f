// Employee/Create: a new employee and account; answers the initial password, to hand to the new hire.
import type { RequestOf, Routes } from '@ess/contract';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useCreatePerson = () =>
  useConsoleMutation({
    call: (person: RequestOf<Routes['createPerson']>) => callApiEnvelope('createPerson', person),
    invalidates: [queryKeys.console.people],
  });
