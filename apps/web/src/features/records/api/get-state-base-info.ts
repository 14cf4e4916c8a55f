// Home/GetStateBaseInfo: an HR dictionary (MAJOR education levels, CARD household types, POLI political status,
// REL relations, FERT birth status). Reference data: read once per page load.
import type { STATE_TYPES } from '@ess/contract/home';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type StateType = (typeof STATE_TYPES)[number];

export const getStateBaseInfo = (stateType: StateType, signal?: AbortSignal) =>
  callApi('getStateBaseInfo', { stateType, sysFunc: 'HR' }, { signal });

export const useDictionary = (stateType: StateType) =>
  useQuery({
    queryKey: queryKeys.home.dictionary(stateType),
    queryFn: ({ signal }) => getStateBaseInfo(stateType, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The dictionary as picker options, and a code's name (the code itself when the dictionary lacks it). */
export const useDictionaryOptions = (stateType: StateType) => {
  const dictionary = useDictionary(stateType);
  const options = (dictionary.data ?? []).map((item) => ({ label: item.stateDescr, value: item.stateId }));
  const nameOf = (code: string | null | undefined) =>
    code ? (options.find((option) => option.value === code)?.label ?? code) : '';
  return { dictionary, options, nameOf };
};
