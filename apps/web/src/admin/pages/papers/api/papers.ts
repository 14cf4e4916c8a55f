// Paper/GetList, Publish and Withdraw: the exams and surveys of the clerk's plants, newest first.
import type { PaperDraftInput } from '@ess/contract/paper-authoring';
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

export const exportPaperResults = (id: number) => callApi('exportPaperResults', { id });
