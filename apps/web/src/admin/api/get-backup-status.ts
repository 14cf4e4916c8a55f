// Console/GetBackups: the scheduled backups' latest runs and whether the SysAdmin must look, read now and then
// while the console is open; quiet, since the notice it feeds is no page of its own.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const backupStatusQuery = (isSysAdmin: boolean) =>
  queryOptions({
    queryKey: queryKeys.console.backups,
    queryFn: ({ signal }) => callApi('getBackupStatus', {}, { signal, isQuiet: true }),
    enabled: isSysAdmin,
    staleTime: 5 * 60 * 1000,
    refetchInterval: 30 * 60 * 1000,
  });
