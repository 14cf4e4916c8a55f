// Import/Remap: the columns, unknown values and date formats as the clerk mapped them; the job is checked again.
import type { RequestOf, Routes } from '@ess/contract';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useRemapImport = () =>
  useConsoleMutation({
    call: (mapping: RequestOf<Routes['remapImport']>) => callApiEnvelope('remapImport', mapping),
    invalidates: [queryKeys.console.imports],
  });
