// Paged calls (DESIGN §3: CurrentPage from 1 in, totalCount out) as one TanStack infinite query:
// a next page exists while the rows loaded are fewer than totalCount; refreshing starts again at page 1.
import { type InfiniteData, type QueryKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { toastFailure } from './report-failure';

export type Page<T> = { rows: T[]; totalCount: number };
export type PagedData<T> = InfiniteData<Page<T>, number>;
export type FetchPage<T> = (page: number, signal: AbortSignal) => Promise<Page<T>>;

export const FIRST_PAGE = 1;

/** The page after `lastPageNumber`, or undefined once loaded ≥ totalCount. */
export const getNextPageNumber = <T>(
  lastPage: Page<T>,
  allPages: readonly Page<T>[],
  lastPageNumber: number,
): number | undefined => {
  const loaded = allPages.reduce((sum, page) => sum + page.rows.length, 0);
  // An empty page ends the list too, so a total that overstates the rows cannot page forever.
  if (loaded >= lastPage.totalCount || lastPage.rows.length === 0) return undefined;
  return lastPageNumber + 1;
};

export const usePagedQuery = <T>({ queryKey, fetchPage }: { queryKey: QueryKey; fetchPage: FetchPage<T> }) => {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await fetchPage(pageParam, signal);
      } catch (error) {
        // SPEC §8: a failed page is toasted with the server's msg, and the list stops there.
        if (!signal.aborted) toastFailure(error);
        throw error;
      }
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages, lastPageParam) => getNextPageNumber(lastPage, allPages, lastPageParam),
  });

  /** Pull-to-refresh: back to page 1 only, not a refetch of every page loaded so far. */
  const refreshFromFirstPage = async () => {
    queryClient.setQueryData<PagedData<T>>(queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await query.refetch();
  };

  return { query, refreshFromFirstPage };
};

export type PagedQuery<T> = ReturnType<typeof usePagedQuery<T>>;
