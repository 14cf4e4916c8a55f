// /review/change-list (menu M18, reviewers): the requests of one status (待审核 oldest first, 已通过, 已驳回), by
// plant and kind, paged, pulled to refresh. On a phone a request opens /review/change-detail; on an office PC
// (≥ 1024 px) it opens beside the list, and after a decision the next one is shown.
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { REVIEW_DETAIL_PATH, REVIEW_LIST_PATH } from '../../lib/review-paths';
import { type ChangeFilter, useChangeList } from './api/get-change-list';
import { ChangeDetailView } from './components/change-detail-view';
import { ChangeFilters } from './components/change-filters';
import { ChangeRow } from './components/change-row';
import { StatusSwitch } from './components/status-switch';
import { type FromListState, listSearch, readFilter, readId } from './review-search';
import { useWideLayout } from './use-wide-layout';
import './review.css';

const ChangeListPage = () => {
  const isWide = useWideLayout();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const selectedId = isWide ? readId(params) : undefined;
  const paged = useChangeList(filter);
  const rows = paged.query.data?.pages.flatMap((page) => page.rows) ?? [];
  // The list as it was while it still held the request shown: once decided, a refetch may have taken it out.
  const rowsWithSelected = useRef(rows);
  if (rows.some((row) => row.id === selectedId)) rowsWithSelected.current = rows;

  const show = (next: ChangeFilter, id?: number) =>
    setParams(new URLSearchParams(listSearch(next, id)), { replace: true });

  /** After a decision on the PC: the request after it in the list (or before it, at the end), else none. */
  const showNext = () => {
    const before = rowsWithSelected.current;
    const index = before.findIndex((row) => row.id === selectedId);
    const next = index < 0 ? undefined : (before[index + 1] ?? before[index - 1]);
    show(filter, next?.id);
  };

  return (
    <div className={isWide ? 'review-console is-wide' : 'review-console'}>
      <div className="review-list-pane">
        <div className="review-toolbar">
          <StatusSwitch value={filter.status} onChange={(status) => show({ ...filter, status })} />
          <ChangeFilters bu={filter.bu} kind={filter.kind} onChange={(next) => show({ ...filter, ...next })} />
          {isWide && (
            // The HR console's 资料审核 page: a plain link, so none of the console's code comes into this app.
            <a className="review-console-link" href="/admin/review">
              {t.review.openInConsole}
            </a>
          )}
        </div>
        <PagedList
          paged={paged}
          label={t.review.list}
          emptyTitle={t.review.empty[filter.status] ?? t.queryState.empty}
          getKey={(item) => item.id}
          renderItem={(item) =>
            isWide ? (
              <ChangeRow
                item={item}
                to={`${REVIEW_LIST_PATH}${listSearch(filter, item.id)}`}
                replace
                isCurrent={item.id === selectedId}
              />
            ) : (
              <ChangeRow
                item={item}
                to={`${REVIEW_DETAIL_PATH}?id=${item.id}`}
                state={{ isFromList: true } satisfies FromListState}
                isCurrent={false}
              />
            )
          }
        />
      </div>
      {isWide && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the detail scrolls on its own beside the list; a keyboard must reach it to scroll.
        <section className="review-detail-pane" aria-label={t.review.detail} tabIndex={0}>
          {selectedId === undefined ? (
            <EmptyState title={t.review.pickOne} />
          ) : (
            <ChangeDetailView key={selectedId} id={selectedId} onDecided={showNext} />
          )}
        </section>
      )}
    </div>
  );
};

export default ChangeListPage;
