// Role/GetCatalog (SysAdmin): each role with the app's menus it opens, and every menu there is.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const roleCatalogQuery = () =>
  queryOptions({
    queryKey: queryKeys.console.roleCatalog,
    queryFn: ({ signal }) => callApi('getRoleCatalog', {}, { signal }),
  });
