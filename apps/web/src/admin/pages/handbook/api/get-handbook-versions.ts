// Handbook/GetVersions: the versions of one kind that concern the caller's plants (or one plant), newest first.
import type { DocumentKind } from '@ess/contract/handbook';
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const versionsQuery = (kind: DocumentKind, bu: Plant | '') =>
  queryOptions({
    queryKey: [...queryKeys.console.handbook, 'versions', kind, bu],
    queryFn: ({ signal }) => callApi('getHandbookVersions', { kind, bu }, { signal }),
  });
