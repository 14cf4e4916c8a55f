// PayslipBatch/Publish: a draft or withdrawn batch published (again, as a new version); its employees are told.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const usePublishBatch = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('publishPayslipBatch', { id }),
    invalidates: [queryKeys.console.batches],
  });
