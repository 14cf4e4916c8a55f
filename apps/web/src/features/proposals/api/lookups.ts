// Home/GetImproveDeptInfo, EmployeeBasic/GetImproveTeamData, Home/GetDeptInfo: the departments and teams the
// public proposal forms offer for a plant, as picker options (a department of another plant says which one).

import type { Plant } from '@ess/contract';
import { PLANT_LABELS } from '@ess/contract/proposals';
import { useQuery } from '@tanstack/react-query';
import type { PickerOption } from '../../../components/form/picker-field';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const labelOf = (name: string, bu: string, plant: string) =>
  bu === plant ? name : `${name}（${PLANT_LABELS[bu as Plant] ?? bu}）`;

const LOOKUP_STALE_MS = 10 * 60_000;

export const useImproveDepts = (bu: string | undefined) =>
  useQuery({
    queryKey: queryKeys.proposals.improveDepts(bu ?? ''),
    queryFn: async ({ signal }): Promise<PickerOption[]> =>
      (await callApi('getImproveDeptInfo', { bu: bu as Plant }, { signal })).map((dept) => ({
        value: dept.deptNo,
        label: labelOf(dept.deptName, dept.bu, bu ?? ''),
      })),
    enabled: Boolean(bu),
    staleTime: LOOKUP_STALE_MS,
  });

export const useImproveTeams = (bu: string | undefined) =>
  useQuery({
    queryKey: queryKeys.proposals.improveTeams(bu ?? ''),
    queryFn: async ({ signal }): Promise<PickerOption[]> =>
      (await callApi('getImproveTeamData', { bu: bu as Plant }, { signal })).map((team) => ({
        value: team.teamNo,
        label: labelOf(team.teamName, team.bu, bu ?? ''),
      })),
    enabled: Boolean(bu),
    staleTime: LOOKUP_STALE_MS,
  });

export const useDepts = (bu: string | undefined, level = 1) =>
  useQuery({
    queryKey: queryKeys.proposals.depts(bu ?? '', level),
    queryFn: async ({ signal }): Promise<PickerOption[]> =>
      (await callApi('getDeptInfo', { bu: bu as Plant, level }, { signal })).map((dept) => ({
        value: dept.deptNo,
        label: dept.deptName,
      })),
    enabled: Boolean(bu),
    staleTime: LOOKUP_STALE_MS,
  });
