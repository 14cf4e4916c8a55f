// InspectionEhs/GetMyEhs: the caller's safety issues of the last 30 days (JSON text of an array).
import { safetyIssue } from '@ess/contract/inspection';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { parseJsonData } from '../../../lib/json-data';
import { queryKeys } from '../../../lib/query-keys';

const safetyIssues = z.array(safetyIssue);

export const getMyEhs = async (signal?: AbortSignal) =>
  parseJsonData(await callApi('getMyEhs', {}, { signal }), safetyIssues) ?? [];

export const useMyEhs = () =>
  useQuery({ queryKey: queryKeys.inspection.myEhs, queryFn: ({ signal }) => getMyEhs(signal) });
