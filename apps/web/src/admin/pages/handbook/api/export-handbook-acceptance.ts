// Handbook/ExportAcceptance: every counted employee with whether and when they accepted the version, as a sheet.
import type { Plant } from '@ess/contract/plants';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { saveDownload } from '../../../download';

export const useExportAcceptance = () =>
  useMutation({
    mutationFn: (input: { id: number; bu?: Plant }) => callApi('exportHandbookAcceptance', input),
    onSuccess: saveDownload,
  });
