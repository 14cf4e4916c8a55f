// PayslipBatch/Preview: one employee's payslip of the batch as they would see it (the server answers it as JSON text).
import type { Payslip } from '@ess/contract/salary';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';

export const usePreviewPayslip = () =>
  useMutation({
    mutationFn: async (input: { id: number; empNo: string }) =>
      JSON.parse(await callApi('previewPayslip', input)) as Payslip,
  });
