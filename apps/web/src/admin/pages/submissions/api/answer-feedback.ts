// Inbox/AnswerFeedback: HR's answer to one feedback; the list is read again. A refusal is told by the MutationCache.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useAnswerFeedback = () =>
  useConsoleMutation({
    call: (input: { id: number; answer: string }) => callApiEnvelope('answerFeedback', input),
    invalidates: [queryKeys.proposals.feedback],
  });
