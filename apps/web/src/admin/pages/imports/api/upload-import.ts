// Import/Upload: the sheet of a plant, kind and month (multipart); the server answers the new job, which the
// worker then reads and checks (its states arrive as pushes).
import { type ImportKind, isMonthlyKind } from '@ess/contract/import-kinds';
import { callMultipartEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export type UploadInput = { bu: string; kind: ImportKind; month?: string; file: File };

export const uploadImport = ({ bu, kind, month, file }: UploadInput) => {
  const form = new FormData();
  form.append('bu', bu);
  form.append('kind', kind);
  if (isMonthlyKind(kind) && month) form.append('month', month);
  form.append('file', file);
  return callMultipartEnvelope('uploadImport', form);
};

export const useUploadImport = () =>
  useConsoleMutation({ call: uploadImport, invalidates: [queryKeys.console.imports] });
