// A paged list for every paged call (meals, dormitory costs, notices): PullToRefresh back to page 1,
// InfiniteScroll for the next page until loaded ≥ totalCount, and the loading, empty and failed states.
// A failed page stops the scrolling (no retry loop on a weak network); 重试 under the list asks once more.
import { DotLoading, InfiniteScroll, List, PullToRefresh } from 'antd-mobile';
import { Fragment, type Key, type ReactNode } from 'react';
import { t } from '../i18n/zh-CN';
import type { PagedQuery } from '../lib/paged-query';
import { EmptyState, ErrorState, LoadingState } from './query-states';
import './paged-list.css';

type PagedListProps<T> = {
  paged: PagedQuery<T>;
  /** One List.Item per row. */
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => Key;
  /** Rows the screen does not show (they still count as loaded). */
  isShown?: (item: T) => boolean;
  emptyTitle: string;
  /** Accessible name of the list. */
  label: string;
};

export const PagedList = <T,>({ paged, renderItem, getKey, isShown, emptyTitle, label }: PagedListProps<T>) => {
  const { query, refreshFromFirstPage } = paged;

  if (query.isPending) return <LoadingState />;

  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const shown = isShown ? rows.filter(isShown) : rows;
  const hasMore = query.hasNextPage && !query.isError;

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    // Rejecting tells InfiniteScroll to stop asking until 重试.
    if (result.isError) throw result.error;
  };

  return (
    <PullToRefresh
      onRefresh={refreshFromFirstPage}
      pullingText={t.queryState.pulling}
      canReleaseText={t.queryState.canRelease}
      refreshingText={
        <span className="paged-list-footer">
          {t.queryState.refreshing}
          <DotLoading />
        </span>
      }
      completeText={t.queryState.refreshed}
    >
      {!query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : shown.length === 0 && !hasMore ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <section aria-label={label}>
          <List className="paged-list">
            {shown.map((item) => (
              <Fragment key={getKey(item)}>{renderItem(item)}</Fragment>
            ))}
          </List>
          {/* A new instance after every change of the rows: it forgets a failure that a refresh has since mended. */}
          <InfiniteScroll key={query.dataUpdatedAt} loadMore={loadMore} hasMore={hasMore}>
            {(_hasMore, isFailed, retry) =>
              isFailed || query.isError ? (
                <span className="paged-list-footer">
                  {t.queryState.loadMoreFailed}
                  <button
                    type="button"
                    className="text-button paged-list-retry"
                    onClick={() => void (query.isRefetchError ? refreshFromFirstPage() : retry())}
                  >
                    {t.queryState.retry}
                  </button>
                </span>
              ) : hasMore ? (
                <span className="paged-list-footer" role="status">
                  {t.queryState.loading}
                  <DotLoading />
                </span>
              ) : (
                <span className="paged-list-footer">{t.queryState.noMore}</span>
              )
            }
          </InfiniteScroll>
        </section>
      )}
    </PullToRefresh>
  );
};
