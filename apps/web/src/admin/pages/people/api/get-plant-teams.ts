// Employee/GetPlantTeams: the departments and teams a plant's employees are in, offered by 新建员工 and 调动.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const plantTeamsQuery = (bu: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.console.plantTeams(bu),
    queryFn: ({ signal }) => callApi('getPlantTeams', { bu: bu as Plant }, { signal }),
    enabled: Boolean(bu),
    staleTime: 60_000,
  });
