// Home/GetBannerList: the pictures of the home swiper.
import { homeRoutes } from '@ess/contract/home';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getBannerList = (signal?: AbortSignal) => callApi(homeRoutes.getBannerList, {}, { signal });

export const useBannerList = () =>
  useQuery({
    queryKey: queryKeys.home.banners,
    queryFn: ({ signal }) => getBannerList(signal),
    staleTime: 10 * 60_000,
  });
