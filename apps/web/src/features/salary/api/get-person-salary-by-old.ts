// SalaryPayslip/GetPersonSalaryByOld: the payslip of one month (JSON text; '' when there is none).
import { payslip } from '@ess/contract/salary';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { parseJsonData } from '../../../lib/json-data';
import { queryKeys } from '../../../lib/query-keys';

/** The payslip of `month` (yyyy-MM), or null when none was issued. */
export const getPersonSalaryByOld = async (month: string, signal?: AbortSignal) =>
  parseJsonData(await callApi('getPersonSalaryByOld', { day: month }, { signal }), payslip) ?? null;

export const usePayslip = (month: string) =>
  useQuery({
    queryKey: queryKeys.salary.payslip(month),
    queryFn: ({ signal }) => getPersonSalaryByOld(month, signal),
    // A published payslip does not change while the screen is open.
    staleTime: 10 * 60_000,
  });
