// Banner/GetList: the banners the caller administers, by plant and state, one page: live ones first, in their order.
import type { BannerState } from '@ess/contract/banners';
import type { Plant } from '@ess/contract/plants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export type BannerFilter = { bu: Plant | ''; state: BannerState | '' };
export const BANNER_PAGE_SIZE = 20;

export const bannerListQuery = (filter: BannerFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.bannerList(filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope('getBannerAdminList', { ...filter, CurrentPage: page, PageSize: BANNER_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
