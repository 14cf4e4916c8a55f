// Import/GetRejectedRows: the rows that failed the checks, each with its reason, as a sheet to fix and upload again.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { saveDownload } from '../../../download';

export const useDownloadRejectedRows = () =>
  useMutation({ mutationFn: (id: number) => callApi('getRejectedRows', { id }), onSuccess: saveDownload });
