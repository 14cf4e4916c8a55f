// Import/GetTemplate: the empty sheet of a kind, saved under its own name.
import type { ImportKind } from '@ess/contract/import-kinds';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { saveDownload } from '../../../download';

export const useDownloadTemplate = () =>
  useMutation({ mutationFn: (kind: ImportKind) => callApi('getImportTemplate', { kind }), onSuccess: saveDownload });
