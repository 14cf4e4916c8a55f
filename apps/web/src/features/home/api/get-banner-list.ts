// Home/GetBannerList: the pictures of the home swiper.
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getBannerList = (signal?: AbortSignal) => callApi('getBannerList', {}, { signal });

const bannerListQuery = queryOptions({
  queryKey: queryKeys.home.banners,
  queryFn: ({ signal }) => getBannerList(signal),
  staleTime: 10 * 60_000,
});

export const useBannerList = () => useQuery(bannerListQuery);

/**
 * Loads the list before the screen shows and has the browser fetch the first picture, the largest thing
 * on home: it does not then wait for the session restore, the screen's code and the list one after another.
 */
export const prefetchBannerList = async (queryClient: QueryClient) => {
  const banners = await queryClient.fetchQuery(bannerListQuery);
  const first = banners[0];
  if (!first) return;
  const picture = new Image();
  // The largest thing on home: fetched at once, not at the low priority of a picture not yet on screen.
  (picture as HTMLImageElement & { fetchPriority?: string }).fetchPriority = 'high';
  picture.src = first.imageUrl;
};
