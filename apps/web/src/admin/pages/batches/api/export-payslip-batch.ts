// PayslipBatch/Export: who read and who confirmed the batch's payslips, as a sheet.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { saveDownload } from '../../../download';

export const useExportBatch = () =>
  useMutation({ mutationFn: (id: number) => callApi('exportPayslipBatch', { id }), onSuccess: saveDownload });
