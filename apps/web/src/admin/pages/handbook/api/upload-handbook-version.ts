// Handbook/UploadVersion: a PDF with its label, effective date and plants (multipart); the lists are read again.
import type { DocumentKind } from '@ess/contract/handbook';
import { callMultipartEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export type NewVersion = { kind: DocumentKind; label: string; effectiveDate: string; plants: string[]; file: File };

export const uploadVersion = ({ kind, label, effectiveDate, plants, file }: NewVersion) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('label', label);
  form.append('effectiveDate', effectiveDate);
  form.append('plants', JSON.stringify(plants));
  form.append('file', file);
  return callMultipartEnvelope('uploadHandbookVersion', form);
};

export const useUploadVersion = () =>
  useConsoleMutation({ call: uploadVersion, invalidates: [queryKeys.console.handbook] });
