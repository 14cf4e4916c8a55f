// Employee/Transfer: an employee moved to another of the clerk's plants (their phone follows).
import type { RequestOf, Routes } from '@ess/contract';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useTransferPerson = () =>
  useConsoleMutation({
    call: (move: RequestOf<Routes['transferPerson']>) => callApiEnvelope('transferPerson', move),
    invalidates: [queryKeys.console.people],
  });
