// Employee/Search for the preview: employees of the batch's plant whose number starts with, or whose name holds,
// what was typed.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const peopleSearchQuery = (bu: string, typed: string) => {
  const text = typed.trim();
  const byNumber = /^[0-9A-Za-z-]+$/.test(text);
  return queryOptions({
    queryKey: queryKeys.console.peopleSearch(bu, text),
    queryFn: ({ signal }) =>
      callApi(
        'searchPeople',
        { bu: bu as Plant, status: 'all', PageSize: 10, ...(byNumber ? { empNo: text } : { name: text }) },
        { signal },
      ),
    enabled: text.length > 0,
    staleTime: 30_000,
  });
};
