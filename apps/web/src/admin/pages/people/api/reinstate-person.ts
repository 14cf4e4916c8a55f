// Employee/Reinstate: a leaver active again (a mark made by mistake undone).
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useReinstatePerson = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('reinstatePerson', { id }),
    invalidates: [queryKeys.console.people],
  });
