// EmployeeRoster/GetBankCard: the salary card (number masked), the banks of the employee's plant (the first the
// default), and the card of an edit waiting for review.
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getBankCard = (signal?: AbortSignal) => callApi('getBankCard', {}, { signal });

export const useBankCard = () =>
  useQuery({ queryKey: queryKeys.records.bankCard, queryFn: ({ signal }) => getBankCard(signal) });
