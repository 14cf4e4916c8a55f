// Home/GetBannerList: the pictures of the home swiper.
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { canDecodeWebp } from '../../../components/banner-picture';
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
  // The format the carousel's <picture> will take, so the picture is fetched once (the probe decodes 30 bytes).
  const url = (await canDecodeWebp()) ? first.imageWebpUrl : first.imageUrl;
  const picture = new Image();
  // The largest thing on home: fetched at once, not at the low priority of a picture not yet on screen.
  (picture as HTMLImageElement & { fetchPriority?: string }).fetchPriority = 'high';
  picture.src = url;
};
