// TrainOrganize/GetTrainNotify, ModifyTrainStudyDetail, GetStudyProgress, ModifyStudyProgress: the study list, the
// study records and a video's watched stretches. What must survive the page going away (the phone locks, the tab
// is closed) goes out with a keepalive request, which the browser finishes after the page is gone.
import type { RequestOf, Routes } from '@ess/contract';
import { ADDRESSES } from '@ess/contract/addresses';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { readToken } from '../../../lib/session';

export const useStudyItems = () =>
  useQuery({
    queryKey: queryKeys.training.studyItems,
    queryFn: ({ signal }) => callApi('getTrainNotify', {}, { signal }),
    // Back from studying, the list shows the time just saved.
    staleTime: 0,
  });

export const useStudyProgress = (studyId: number, isEnabled: boolean) =>
  useQuery({
    queryKey: queryKeys.training.progress(studyId),
    queryFn: ({ signal }) => callApi('getStudyProgress', { StudyId: studyId }, { signal }),
    enabled: isEnabled,
    staleTime: 0,
  });

export type StudyRecord = {
  StudyId: number;
  MaterialId: number;
  StudyStartDate: string;
  StudyEndDate: string;
  SessionKey: string;
};

/** Saves a study session; null when it was under a second and nothing was kept. */
export const saveStudyRecord = (record: StudyRecord) =>
  callApi('modifyTrainStudyDetail', { modify: record }, { isQuiet: true });

export const reportProgress = (beat: RequestOf<Routes['modifyStudyProgress']>) =>
  callApi('modifyStudyProgress', beat, { isQuiet: true });

/** A call that outlives the page (pagehide, visibilitychange): fire and forget, with the access token. */
export const sendOnLeave = <N extends 'modifyTrainStudyDetail' | 'modifyStudyProgress'>(
  name: N,
  body: RequestOf<Routes[N]>,
) => {
  const token = readToken();
  if (!token) return;
  void fetch(`/api/${ADDRESSES[name].path}`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).catch(() => {});
};
