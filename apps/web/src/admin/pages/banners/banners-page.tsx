// 轮播图 (HRAdmin): the home page's pictures for the plants the caller administers (every banner for a SysAdmin),
// what the phones show now first: each with its picture, plants, period, order and state (生效中, 未开始, 已结束,
// 已撤下); created and edited in a drawer with a phone's preview (banner-drawer.tsx), withdrawn with a confirmation
// (the row stays, as 已撤下).
import { BANNER_LINK_ROUTES, BANNER_STATES, type BannerRow, type BannerState } from '@ess/contract/banners';
import type { ConsoleSession } from '@ess/contract/console';
import type { Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Grid, Popconfirm, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { BannerPicture } from '../../../components/banner-picture';
import { PagedTable } from '../../components/paged-table';
import { emptyLocale } from '../../components/table-empty';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { BANNER_PAGE_SIZE, type BannerFilter, bannerListQuery } from './api/get-banner-list';
import { useWithdrawBanner } from './api/withdraw-banner';
import { BannerDrawer } from './banner-drawer';
import './banners-page.css';

const b = ct.banners;

/** Solid tags in dark colours: white words on them meet WCAG AA (antd's light presets do not). */
const STATE_COLORS: Record<BannerState, string> = {
  live: '#237804',
  scheduled: '#0b5ad9',
  ended: 'default',
  withdrawn: '#a8071a',
};
const WHOLE_COMPANY_COLOR = '#531dab';
const STATE_OPTIONS = [
  { value: '', label: b.allStates },
  ...BANNER_STATES.map((state) => ({ value: state, label: b.states[state] ?? state })),
];

const linkText = (link: string | null) => {
  if (!link) return b.noLink;
  const page = BANNER_LINK_ROUTES.find((route) => route.path === link.split(/[?#]/)[0]);
  return page ? `${page.label}（${link}）` : link;
};

const WithdrawButton = ({ row }: { row: BannerRow }) => {
  const withdraw = useWithdrawBanner();
  return (
    <Popconfirm
      title={b.withdrawConfirm}
      okText={b.withdraw}
      okButtonProps={{ danger: true, loading: withdraw.isPending }}
      cancelText={ct.common.cancel}
      onConfirm={() => withdraw.mutateAsync(row.id)}
    >
      <Button size="small" danger aria-label={b.withdrawOf(row.title)}>
        {b.withdraw}
      </Button>
    </Popconfirm>
  );
};

const columnsOf = (onEdit: (row: BannerRow) => void): TableColumnsType<BannerRow> => [
  {
    title: b.picture,
    key: 'picture',
    width: 140,
    render: (_, row) => (
      <div className="banner-thumb">
        <BannerPicture banner={{ ...row.image, title: b.pictureOf(row.title) }} />
      </div>
    ),
  },
  {
    title: b.bannerTitle,
    key: 'title',
    render: (_, row) => (
      <Space direction="vertical" size={2}>
        <Typography.Text strong>{row.title}</Typography.Text>
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {b.link}：{linkText(row.link)}
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: b.plants,
    key: 'plants',
    width: 150,
    render: (_, row) =>
      row.plants.length === 0 ? (
        <Tag color={WHOLE_COMPANY_COLOR}>{b.wholeCompany}</Tag>
      ) : (
        <Space size={[0, 4]} wrap>
          {row.plants.map((plant) => (
            <Tag key={plant}>{plant}</Tag>
          ))}
        </Space>
      ),
  },
  { title: b.period, key: 'period', width: 200, render: (_, row) => b.periodText(row.startsOn, row.endsOn) },
  { title: b.sort, dataIndex: 'sort', key: 'sort', width: 60 },
  {
    title: b.state,
    key: 'state',
    width: 90,
    render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{b.states[row.state] ?? row.state}</Tag>,
  },
  {
    title: ct.common.actions,
    key: 'actions',
    width: 130,
    render: (_, row) =>
      row.state === 'withdrawn' ? (
        <Typography.Text type="secondary">{row.withdrawnAt}</Typography.Text>
      ) : (
        <Space>
          <Button size="small" aria-label={b.editOf(row.title)} onClick={() => onEdit(row)}>
            {b.edit}
          </Button>
          <WithdrawButton row={row} />
        </Space>
      ),
  },
];

const BannersPage = ({ session }: { session: ConsoleSession }) => {
  const isNarrow = !Grid.useBreakpoint().lg;
  const [filter, setFilter] = useState<BannerFilter>({ bu: '', state: '' });
  const [page, setPage] = useState(1);
  /** The drawer: closed, a new banner, or the banner being edited. */
  const [editing, setEditing] = useState<{ row?: BannerRow } | undefined>();
  const list = useQuery(bannerListQuery(filter, page));
  const filterBy = (patch: Partial<BannerFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  return (
    <Card
      title={b.title}
      extra={
        <Button type="primary" onClick={() => setEditing({})}>
          {b.create}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{b.intro}</Typography.Paragraph>
      <Space wrap size={[16, 12]} style={{ marginBottom: 16 }}>
        <Select<Plant | ''>
          aria-label={ct.common.plant}
          value={filter.bu}
          options={[{ value: '', label: b.allPlants }, ...plantOptions(session.adminPlants)] as { value: Plant | '' }[]}
          onChange={(bu) => filterBy({ bu })}
          virtual={false}
          style={{ width: 140 }}
        />
        <Select<BannerState | ''>
          aria-label={b.state}
          value={filter.state}
          options={STATE_OPTIONS as { value: BannerState | ''; label: string }[]}
          onChange={(state) => filterBy({ state })}
          virtual={false}
          style={{ width: 140 }}
        />
      </Space>
      <PagedTable<BannerRow>
        aria-label={b.title}
        size="middle"
        query={list}
        page={page}
        pageSize={BANNER_PAGE_SIZE}
        onPage={setPage}
        showTotal={b.total}
        columns={columnsOf((row) => setEditing({ row }))}
        locale={emptyLocale(b.empty)}
        scroll={isNarrow ? { x: 'max-content' } : undefined}
      />
      {editing && <BannerDrawer row={editing.row} session={session} onClose={() => setEditing(undefined)} />}
    </Card>
  );
};

export default BannersPage;
