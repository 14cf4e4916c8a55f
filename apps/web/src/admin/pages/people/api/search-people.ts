// Employee/Search: the employees of the clerk's plants by number, name, plant, department and state, paged.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export type PeopleFilter = {
  empNo?: string;
  name?: string;
  bu?: Plant;
  deptName?: string;
  status: 'active' | 'left' | 'all';
};

export const PEOPLE_PAGE_SIZE = 20;

export const peopleListQuery = (filter: PeopleFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.peopleList(filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope('searchPeople', { ...filter, CurrentPage: page, PageSize: PEOPLE_PAGE_SIZE }, { signal }),
    staleTime: 0,
  });
