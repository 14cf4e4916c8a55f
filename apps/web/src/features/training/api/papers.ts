// TrainExam/GetTrainTest, GetTrainTestWithDetail, TrainOrganize/GetPersonDemandSurvey, GetDemandSurveyDetail,
// GetPersonExam and ModifyEmployeeExam: exams and surveys, the caller's answer, its submission.
import type { ExamType } from '@ess/contract/training';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const useExamList = () =>
  useQuery({
    queryKey: queryKeys.training.papers('EXAM'),
    queryFn: ({ signal }) => callApi('getTrainTest', {}, { signal }),
  });

export const useSurveyList = () =>
  useQuery({
    queryKey: queryKeys.training.papers('DEMAND'),
    queryFn: ({ signal }) => callApi('getPersonDemandSurvey', {}, { signal }),
  });

export const usePaperDetail = (examType: ExamType, id: number) =>
  useQuery({
    queryKey: queryKeys.training.paper(examType, id),
    queryFn: ({ signal }) =>
      examType === 'EXAM'
        ? callApi('getTrainTestWithDetail', { id }, { signal })
        : callApi('getDemandSurveyDetail', { id }, { signal }),
    enabled: id > 0,
  });

export const usePersonExam = (examType: ExamType, id: number) =>
  useQuery({
    queryKey: queryKeys.training.answer(examType, id),
    queryFn: ({ signal }) => callApi('getPersonExam', { id, type: examType }, { signal }),
    enabled: id > 0,
  });

export const useSubmitPaper = (examType: ExamType, id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answer, idempotencyKey }: { answer: Record<string, string>; idempotencyKey: string }) =>
      callApi(
        'modifyEmployeeExam',
        { modify: { paperId: id, examType, answer: JSON.stringify(answer) } },
        { idempotencyKey },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.training.answer(examType, id), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.training.papers(examType) });
    },
  });
};

/** TrainExam/StartAttempt: the open attempt (resumed) or a new one; the paper's cache then holds it. */
export const useStartAttempt = (examType: ExamType, id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('startPaperAttempt', { id, type: examType }),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.training.paper(examType, id), detail),
  });
};

/** TrainExam/SaveAnswers: quiet (the screen shows whether it is saved), a save the server took or refused. */
export const saveAttemptAnswers = (
  body: { paperId: number; attemptId: number; seq: number; answer: Record<string, string> },
  signal?: AbortSignal,
) => callApi('savePaperAnswers', { ...body, answer: JSON.stringify(body.answer) }, { signal, isQuiet: true });

/** ModifyEmployeeExam for the open attempt of a published paper. */
export const useSubmitAttempt = (examType: ExamType, id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      attemptId,
      answer,
      idempotencyKey,
    }: {
      attemptId: number;
      answer: Record<string, string>;
      idempotencyKey: string;
    }) =>
      callApi(
        'modifyEmployeeExam',
        { modify: { paperId: id, attemptId, examType, answer: JSON.stringify(answer) } },
        { idempotencyKey },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.training.answer(examType, id), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.training.paper(examType, id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.training.papers(examType) });
    },
  });
};
