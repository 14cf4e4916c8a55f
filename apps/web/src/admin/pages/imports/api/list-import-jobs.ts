// Import/ListJobs: the imports of the clerk's plants (or one of them), newest first, paged.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const IMPORT_PAGE_SIZE = 10;

export const importListQuery = (bu: '' | Plant, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.importList(bu, page),
    queryFn: ({ signal }) =>
      callApiEnvelope('listImportJobs', { bu, CurrentPage: page, PageSize: IMPORT_PAGE_SIZE }, { signal }),
    staleTime: 0,
  });
