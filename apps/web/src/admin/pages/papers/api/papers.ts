// Paper/GetList, Publish and Withdraw: the exams and surveys of the clerk's plants, newest first; their results, the
// people of the audience with where they stand, and one worker's attempts.
import type { PaperDraftInput, ResultStanding } from '@ess/contract/paper-authoring';
import type { Plant } from '@ess/contract/plants';
import type { ExamType } from '@ess/contract/training';
import { queryOptions } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const PAPER_PAGE_SIZE = 20;
export type PaperFilter = { bu: Plant | ''; examType: ExamType | '' };

export const paperListQuery = (filter: PaperFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.paperList(filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope('getPaperList', { ...filter, CurrentPage: page, PageSize: PAPER_PAGE_SIZE }, { signal }),
    staleTime: 0,
  });

export const usePublishPaper = () =>
  useConsoleMutation({
    call: ({ draft, idempotencyKey }: { draft: PaperDraftInput; idempotencyKey: string }) =>
      callApiEnvelope('publishPaper', draft, { idempotencyKey }),
    invalidates: [queryKeys.console.papers],
  });

export const useWithdrawPaper = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('withdrawPaper', { id }),
    invalidates: [queryKeys.console.papers],
  });

export const paperResultsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.console.paperResults(id),
    queryFn: ({ signal }) => callApi('getPaperResults', { id }, { signal }),
    staleTime: 0,
  });

export const RESULT_PEOPLE_PAGE_SIZE = 20;
export type ResultPeopleFilter = { standing: ResultStanding | ''; keyword: string };

export const resultPeopleQuery = (id: number, filter: ResultPeopleFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.paperResultPeople(id, filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'getPaperResultPeople',
        { id, ...filter, CurrentPage: page, PageSize: RESULT_PEOPLE_PAGE_SIZE },
        { signal },
      ),
    staleTime: 0,
  });

export const personAttemptsQuery = (id: number, employeeId: number) =>
  queryOptions({
    queryKey: queryKeys.console.paperPersonAttempts(id, employeeId),
    queryFn: ({ signal }) => callApi('getPaperPersonAttempts', { id, employeeId }, { signal }),
    staleTime: 0,
  });

export const exportPaperResults = (id: number) => callApi('exportPaperResults', { id });
