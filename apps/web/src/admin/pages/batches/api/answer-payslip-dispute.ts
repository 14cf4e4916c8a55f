// PayslipBatch/AnswerDispute: HR's answer to a question (the employee is told); the batch's counts change with it.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useAnswerDispute = () =>
  useConsoleMutation({
    call: (input: { id: number; answer: string }) => callApiEnvelope('answerPayslipDispute', input),
    invalidates: [queryKeys.console.batches],
  });
