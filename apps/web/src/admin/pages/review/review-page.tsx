// 资料审核 (role AppVerify): the change requests of one status, by plant and kind, in a paged table with the number
// waiting, kept fresh by the pushes (lib/realtime.ts invalidates the review keys). A request opens in a drawer with
// its differences field by field and, while waiting, 通过 and 驳回 (with a reason); after a decision the next
// request of the table opens. Status, plant, kind, page and the open request live in the address, which is where
// the employee app's old /review/* links and the notifications land. On a tablet the drawer takes the whole width.
import { PLANTS, type Plant } from '@ess/contract/plants';
import { CHANGE_KIND_WORDS, CHANGE_KINDS, type ChangeKind } from '@ess/contract/records';
import { type ChangeListItem, REVIEW_STATUSES, type ReviewStatus } from '@ess/contract/review';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Drawer, Grid, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { plantLabel, plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { CHANGE_PAGE_SIZE, changeListQuery } from './api/get-change-list';
import { pendingReviewCountQuery } from './api/get-pending-count';
import { ChangeDetail, STATUS_COLORS } from './components/change-detail';
import { hasInvalidId, type ReviewView, readView, viewSearch } from './review-search';

const r = ct.review;

export const kindText = (kind: ChangeKind) => r.kindText(CHANGE_KIND_WORDS[kind] ?? kind);

/** Read when drawn: the plants' display names may arrive after the page's code (plant-options.ts). */
const plantFilterOptions = () => [{ value: '', label: r.allPlants }, ...plantOptions(PLANTS)];
const KIND_OPTIONS = [
  { value: '', label: r.allKinds },
  ...CHANGE_KINDS.map((kind) => ({ value: kind, label: kindText(kind) })),
];

const PendingCount = () => {
  const pending = useQuery(pendingReviewCountQuery);
  const count = pending.data ?? 0;
  return (
    <>
      <Badge
        count={count}
        showZero
        overflowCount={999}
        color={count ? '#ad4e00' : '#595959'}
        aria-label={r.pendingBadge(count)}
      />
      <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
        {r.pendingCount(pending.data ?? '—')}
      </Typography.Text>
    </>
  );
};

const ReviewPage = () => {
  const screens = Grid.useBreakpoint();
  const isNarrow = !screens.lg;
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const { id: openId, page, ...filter } = view;
  const list = useQuery(changeListQuery(filter, page));
  const rows = list.data?.rows ?? [];
  // The rows as they were while they still held the request open: once decided, a refetch may take it out.
  const rowsWithOpen = useRef(rows);
  if (rows.some((row) => row.id === openId)) rowsWithOpen.current = rows;

  const show = (next: ReviewView) => setParams(new URLSearchParams(viewSearch(next)), { replace: true });
  const filterBy = (patch: Partial<ReviewView>) => show({ ...view, ...patch, page: 1, id: undefined });
  const open = (id: number | undefined) => show({ ...view, id });
  /** After a decision: the request after it in the table (or before it, at the end), else the drawer closes. */
  const openNext = () => {
    const before = rowsWithOpen.current;
    const index = before.findIndex((row) => row.id === openId);
    open(index < 0 ? undefined : (before[index + 1] ?? before[index - 1])?.id);
  };

  return (
    <Card
      title={
        <Space>
          <span>{r.title}</span>
          <PendingCount />
        </Space>
      }
    >
      <Space wrap size={[16, 12]} style={{ marginBottom: 16 }} role="group" aria-label={r.status}>
        <Segmented<ReviewStatus>
          value={view.status}
          options={REVIEW_STATUSES.map((value) => ({ value, label: r.statuses[value] }))}
          onChange={(status) => filterBy({ status })}
        />
        <Select<Plant | ''>
          aria-label={r.plant}
          value={view.bu}
          options={plantFilterOptions() as { value: Plant | ''; label: string }[]}
          onChange={(bu) => filterBy({ bu })}
          // A short list: every option in the page, none scrolled out of reach.
          virtual={false}
          style={{ width: 140 }}
        />
        <Select<ChangeKind | ''>
          aria-label={r.kind}
          value={view.kind}
          options={KIND_OPTIONS as { value: ChangeKind | ''; label: string }[]}
          onChange={(kind) => filterBy({ kind })}
          virtual={false}
          style={{ width: 180 }}
        />
      </Space>
      {hasInvalidId(params) && <Alert type="warning" showIcon message={r.invalidId} style={{ marginBottom: 12 }} />}
      {list.isError && !list.data ? (
        <QueryErrorOf query={list} />
      ) : (
        <Table<ChangeListItem>
          aria-label={r.list}
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={rows}
          locale={emptyLocale(r.empty[view.status])}
          scroll={isNarrow ? { x: 'max-content' } : undefined}
          rowClassName={(row) => (row.id === openId ? 'ant-table-row-selected' : '')}
          pagination={{
            current: page,
            pageSize: CHANGE_PAGE_SIZE,
            total: list.data?.totalCount ?? 0,
            showSizeChanger: false,
            showTotal: r.total,
            onChange: (next) => show({ ...view, page: next, id: undefined }),
          }}
          onRow={(row) => ({ onClick: () => open(row.id), style: { cursor: 'pointer' } })}
          columns={[
            { title: r.employee, key: 'emp', render: (_, row) => `${row.empNo} ${row.empName}` },
            { title: r.kind, key: 'kind', render: (_, row) => kindText(row.kind) },
            view.status === 'pending'
              ? { title: r.submitted, dataIndex: 'submittedAt', key: 'submittedAt', width: 170 }
              : { title: r.decided, key: 'decidedAt', width: 170, render: (_, row) => row.decidedAt ?? r.emptyValue },
            { title: r.plant, dataIndex: 'bu', key: 'bu', width: 90, render: plantLabel },
            { title: r.department, dataIndex: 'deptName', key: 'deptName' },
            ...(view.status === 'pending'
              ? []
              : [
                  {
                    title: r.status,
                    key: 'status',
                    width: 90,
                    render: (_: unknown, row: ChangeListItem) => (
                      <Tag color={STATUS_COLORS[row.status]}>{r.statuses[row.status]}</Tag>
                    ),
                  },
                ]),
            {
              title: r.actionsColumn,
              key: 'open',
              width: 90,
              render: (_, row) => (
                <Button
                  type="link"
                  size="small"
                  aria-label={r.openLabel(row.empNo)}
                  onClick={(event) => {
                    event.stopPropagation();
                    open(row.id);
                  }}
                >
                  {r.open}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer
        open={openId !== undefined}
        title={r.detail}
        width={isNarrow ? '100%' : 720}
        onClose={() => open(undefined)}
        destroyOnHidden
      >
        {openId !== undefined && <ChangeDetail key={openId} id={openId} isNarrow={isNarrow} onDecided={openNext} />}
      </Drawer>
    </Card>
  );
};

export default ReviewPage;
