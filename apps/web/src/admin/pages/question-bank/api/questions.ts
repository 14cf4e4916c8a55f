// QuestionBank/GetQuestions, SaveQuestion and DeleteQuestions: the bank's questions, newest first, with their keys.
import type { SubjectType } from '@ess/contract/paper-engine';
import type { QuestionDraft } from '@ess/contract/question-bank';
import { queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const BANK_PAGE_SIZE = 20;
export type BankFilter = { bu: string; categoryId?: number; subjectType: SubjectType | ''; keyword: string };

export const bankQuestionsQuery = (filter: BankFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.bankQuestions(filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope(
        'getBankQuestions',
        { ...filter, bu: filter.bu as never, CurrentPage: page, PageSize: BANK_PAGE_SIZE },
        { signal },
      ),
    staleTime: 0,
  });

export const useSaveQuestion = () =>
  useConsoleMutation({
    call: ({ draft, idempotencyKey }: { draft: QuestionDraft; idempotencyKey: string }) =>
      callApiEnvelope('saveBankQuestion', draft, { idempotencyKey }),
    invalidates: [queryKeys.console.questionBank],
  });

export const useDeleteQuestions = () =>
  useConsoleMutation({
    call: (ids: number[]) => callApiEnvelope('deleteBankQuestions', { ids }),
    invalidates: [queryKeys.console.questionBank],
  });
