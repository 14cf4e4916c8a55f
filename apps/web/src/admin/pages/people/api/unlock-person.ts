// Employee/Unlock: an account locked by wrong passwords opened again.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useUnlockPerson = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('unlockPerson', { id }),
    invalidates: [queryKeys.console.people],
  });
