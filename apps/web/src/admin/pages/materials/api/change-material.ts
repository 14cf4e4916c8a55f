// TrainMaterial/Rename and TrainMaterial/Delete: the list is read again after each.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useRenameMaterial = () =>
  useConsoleMutation({
    call: (input: { id: number; name: string }) => callApiEnvelope('renameMaterial', input),
    invalidates: [queryKeys.console.materials],
  });

export const useDeleteMaterial = () =>
  useConsoleMutation({
    call: (input: { id: number }) => callApiEnvelope('deleteMaterial', input),
    invalidates: [queryKeys.console.materials],
  });
