// Import/Rollback: a done import undone (the data before it restored; the employees it created removed).
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useRollbackImport = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('rollbackImport', { id }),
    invalidates: [queryKeys.console.imports],
  });
