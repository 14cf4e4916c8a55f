// AttDay/GetAttRecordByEmpNo: the caller's punches of the last 3 days, one entry per day, newest first.
import { ATTENDANCE_DAYS } from '@ess/contract/attendance';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAttRecordByEmpNo = (signal?: AbortSignal) =>
  callApi('getAttRecordByEmpNo', { day: ATTENDANCE_DAYS }, { signal });

export const useAttRecords = () =>
  useQuery({ queryKey: queryKeys.attendance.recentDays, queryFn: ({ signal }) => getAttRecordByEmpNo(signal) });
