// Import/Commit: the job's valid rows written over the employees' data.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useCommitImport = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('commitImport', { id }),
    invalidates: [queryKeys.console.imports],
  });
