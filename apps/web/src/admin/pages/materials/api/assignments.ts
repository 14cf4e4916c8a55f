// TrainMaterial/Assign, GetAssignments, GetProgress, GetProgressPeople, ExportProgress, Remind, WithdrawAssignment:
// a material's assignments to audiences and who of each has studied it.
import type { AssignmentDraft } from '@ess/contract/materials';
import { queryOptions } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const PEOPLE_PAGE_SIZE = 20;

export const assignmentsQuery = (materialId: number) =>
  queryOptions({
    queryKey: queryKeys.console.materialAssignments(materialId),
    queryFn: ({ signal }) => callApiEnvelope('getMaterialAssignments', { materialId, PageSize: 50 }, { signal }),
    staleTime: 0,
  });

export const progressQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.console.assignmentProgress(id),
    queryFn: ({ signal }) => callApi('getAssignmentProgress', { id }, { signal }),
    staleTime: 0,
  });

export const peopleQuery = (id: number, standing: 'pending' | 'overdue' | 'done', page: number) =>
  queryOptions({
    queryKey: queryKeys.console.assignmentPeople(id, standing, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'getAssignmentPeople',
        { id, standing, CurrentPage: page, PageSize: PEOPLE_PAGE_SIZE },
        { signal },
      ),
    staleTime: 0,
  });

export const exportProgress = (id: number) => callApi('exportAssignmentProgress', { id });

export const useAssignMaterial = () =>
  useConsoleMutation({
    call: ({ draft, idempotencyKey }: { draft: AssignmentDraft; idempotencyKey: string }) =>
      callApiEnvelope('assignMaterial', draft, { idempotencyKey }),
    invalidates: [queryKeys.console.materials],
  });

export const useRemindAssignment = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('remindAssignment', { id }),
    invalidates: [queryKeys.console.materials],
  });

export const useWithdrawAssignment = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('withdrawAssignment', { id }),
    invalidates: [queryKeys.console.materials],
  });
