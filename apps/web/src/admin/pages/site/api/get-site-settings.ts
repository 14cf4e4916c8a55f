// Site/GetSettings: the company's face as stored, the logo by its id, and every plant's departments (SysAdmin).
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.console.site,
    queryFn: ({ signal }) => callApi('getSiteSettings', {}, { signal }),
    // The form must not be replaced under the SysAdmin's hands: read again only after a save.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
