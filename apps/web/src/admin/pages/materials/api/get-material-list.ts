// TrainMaterial/GetList: the materials of the caller's plants (or one plant, one state), newest first, a page at a
// time. While one is being checked or converted the list is read again every 2 s, so its progress moves.
import type { MaterialRow, MaterialState } from '@ess/contract/materials';
import type { Plant } from '@ess/contract/plants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export type MaterialFilter = { bu: Plant | ''; state: MaterialState | '' };
export const MATERIAL_PAGE_SIZE = 20;
const IN_PROGRESS: readonly MaterialState[] = ['checking', 'converting'];
export const POLL_MS = 2000;

export const isInProgress = (row: Pick<MaterialRow, 'state'>) => IN_PROGRESS.includes(row.state);

export const materialListQuery = (filter: MaterialFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.materialList(filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'getMaterialList',
        { bu: filter.bu, state: filter.state, CurrentPage: page, PageSize: MATERIAL_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isInProgress) ? POLL_MS : false),
  });
