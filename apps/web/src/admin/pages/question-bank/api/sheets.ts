// QuestionBank/GetTemplate, Import and Export: the bank to and from Excel.
import { callApi, callMultipartEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const getBankTemplate = () => callApi('getBankTemplate', {});

export const exportBank = (filter: { bu: string; categoryId?: number }) =>
  callApi('exportBankQuestions', { bu: filter.bu as never, categoryId: filter.categoryId });

export const useImportBank = () =>
  useConsoleMutation({
    call: ({ bu, file }: { bu: string; file: File }) => {
      const form = new FormData();
      form.append('bu', bu);
      form.append('file', file);
      return callMultipartEnvelope('importBankQuestions', form);
    },
    invalidates: [queryKeys.console.questionBank],
  });
