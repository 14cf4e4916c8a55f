// LogisticsMeals/GetMeals: months with a meal deduction, newest first, as JSON text; totalCount on the envelope.
import { type MealMonth, mealMonth } from '@ess/contract/logistics';
import { z } from 'zod';
import { callApiEnvelope } from '../../../lib/api-client';
import { parseJsonData } from '../../../lib/json-data';
import { type Page, usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

const mealMonths = z.array(mealMonth);

export const getMeals = async (page: number, signal?: AbortSignal): Promise<Page<MealMonth>> => {
  const answer = await callApiEnvelope('getMeals', { query: { CurrentPage: page } }, { signal });
  // Without a total the page is taken as the last one.
  return { rows: parseJsonData(answer.data, mealMonths) ?? [], totalCount: answer.totalCount ?? 0 };
};

export const useMealMonths = () => usePagedQuery({ queryKey: queryKeys.logistics.meals, fetchPage: getMeals });
