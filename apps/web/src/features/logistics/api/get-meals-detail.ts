// LogisticsMeals/GetMealsDetail: the meal lines of one month (JSON text).
import { mealDetail } from '@ess/contract/logistics';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { parseJsonData } from '../../../lib/json-data';
import { queryKeys } from '../../../lib/query-keys';

const mealDetails = z.array(mealDetail);

export const getMealsDetail = async (month: string, signal?: AbortSignal) =>
  parseJsonData(await callApi('getMealsDetail', { date: month }, { signal }), mealDetails) ?? [];

/** Only while a month is open. */
export const useMealsDetail = (month: string | undefined) =>
  useQuery({
    queryKey: queryKeys.logistics.mealsDetail(month),
    queryFn: ({ signal }) => getMealsDetail(month ?? '', signal),
    enabled: Boolean(month),
  });
