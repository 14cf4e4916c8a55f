// LogisticsCabinet/GetCabinetForMobile: the caller's shoe cabinet (JSON text; '' when none is assigned).
import { cabinet } from '@ess/contract/logistics';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { parseJsonData } from '../../../lib/json-data';
import { queryKeys } from '../../../lib/query-keys';

/** The cabinet, or null when none is assigned. */
export const getCabinetForMobile = async (signal?: AbortSignal) =>
  parseJsonData(await callApi('getCabinetForMobile', {}, { signal }), cabinet) ?? null;

export const useCabinet = () =>
  useQuery({ queryKey: queryKeys.logistics.cabinet, queryFn: ({ signal }) => getCabinetForMobile(signal) });
