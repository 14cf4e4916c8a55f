// QuestionBank/GetCategories, SaveCategory and DeleteCategory: a plant's categories with how many questions each holds.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApi, callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const bankCategoriesQuery = (bu: string) =>
  queryOptions({
    queryKey: queryKeys.console.bankCategories(bu),
    queryFn: ({ signal }) => callApi('getQuestionCategories', { bu: bu as Plant | '' }, { signal }),
    staleTime: 0,
  });

export type CategoryDraft = { id?: number; bu: string; name: string };

export const useSaveCategory = () =>
  useConsoleMutation({
    call: (draft: CategoryDraft) => callApiEnvelope('saveQuestionCategory', draft as never),
    invalidates: [queryKeys.console.questionBank],
  });

export const useDeleteCategory = () =>
  useConsoleMutation({
    call: (id: number) => callApiEnvelope('deleteQuestionCategory', { id }),
    invalidates: [queryKeys.console.questionBank],
  });
