// 公告: the notices of the clerk's plants, newest first, with their audience, period, state and how many have read
// and acknowledged; 发布公告 opens the form, 阅读情况 the receipts (and the reminder), 撤回 takes one out of the app.
import { ANNOUNCEMENT_STATES, type AnnouncementRow } from '@ess/contract/announcements';
import type { ConsoleSession } from '@ess/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { emptyLocale } from '../../components/table-empty';
import { ct } from '../../texts';
import { ANNOUNCEMENT_PAGE_SIZE, type AnnouncementFilter, announcementListQuery } from './api/list-announcements';
import { useWithdrawAnnouncement } from './api/withdraw-announcement';
import { PublishDrawer } from './publish-drawer';
import { ReceiptsDrawer } from './receipts-drawer';
import './announcements.css';

const a = ct.announcements;
/** Solid tags: white words on a dark colour read at AA, the light presets do not. */
const STATE_COLORS: Record<AnnouncementRow['state'], string> = {
  scheduled: '#0b5ad9',
  live: '#237804',
  ended: 'default',
  withdrawn: '#ad4e00',
};

const AnnouncementsPage = ({ session }: { session: ConsoleSession }) => {
  const [filter, setFilter] = useState<AnnouncementFilter>({ bu: '', state: '' });
  const [page, setPage] = useState(1);
  const [isPublishing, setPublishing] = useState(false);
  const [receiptsOf, setReceiptsOf] = useState<AnnouncementRow | undefined>();
  const list = useQuery(announcementListQuery(filter, page));
  const withdraw = useWithdrawAnnouncement();
  const setFilterField = (patch: Partial<AnnouncementFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {ct.menu.announcements}
      </Typography.Title>
      <Typography.Text type="secondary">{a.intro(session.adminPlants.join('、'))}</Typography.Text>
      <Space wrap>
        <Select
          aria-label={ct.common.plant}
          style={{ width: 140 }}
          value={filter.bu}
          onChange={(bu) => setFilterField({ bu })}
          options={[
            { value: '', label: a.allPlants },
            ...session.adminPlants.map((plant) => ({ value: plant, label: plant })),
          ]}
        />
        <Select
          aria-label={a.state}
          style={{ width: 140 }}
          value={filter.state}
          onChange={(state) => setFilterField({ state })}
          options={[
            { value: '', label: a.allStates },
            ...ANNOUNCEMENT_STATES.map((state) => ({ value: state, label: a.states[state] })),
          ]}
        />
        <Button type="primary" onClick={() => setPublishing(true)}>
          {a.publish}
        </Button>
      </Space>
      <Card size="small">
        <PagedTable<AnnouncementRow>
          query={list}
          page={page}
          pageSize={ANNOUNCEMENT_PAGE_SIZE}
          onPage={setPage}
          locale={emptyLocale(a.empty)}
          columns={[
            {
              title: a.title,
              render: (_, row) => (
                <Space direction="vertical" size={2}>
                  <Space size={4} wrap>
                    <Typography.Text strong>{row.title}</Typography.Text>
                    {row.mustAcknowledge && <Tag color="#a8071a">{a.mustAcknowledge}</Tag>}
                  </Space>
                  <Typography.Text type="secondary">{row.audience}</Typography.Text>
                </Space>
              ),
            },
            {
              title: a.state,
              width: 90,
              render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{a.states[row.state]}</Tag>,
            },
            { title: a.period, width: 170, render: (_, row) => a.periodText(row.startsAt, row.endsAt) },
            { title: a.author, width: 110, render: (_, row) => `${row.authorName}\n${row.createdAt}` },
            { title: a.readCount, dataIndex: 'readCount', width: 70 },
            {
              title: a.acknowledgedCount,
              width: 80,
              render: (_, row) => (row.mustAcknowledge ? row.acknowledgedCount : '—'),
            },
            {
              title: ct.common.actions,
              width: 170,
              render: (_, row) => (
                <Space size={0} wrap>
                  <Button size="small" type="link" onClick={() => setReceiptsOf(row)}>
                    {a.receipts}
                  </Button>
                  {row.state !== 'withdrawn' && (
                    <Popconfirm
                      title={a.withdrawConfirm}
                      okText={a.withdraw}
                      okButtonProps={{ danger: true }}
                      cancelText={ct.common.cancel}
                      onConfirm={() => withdraw.mutate(row.id)}
                    >
                      <Button size="small" type="link" danger>
                        {a.withdraw}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {isPublishing && <PublishDrawer session={session} onClose={() => setPublishing(false)} />}
      {receiptsOf && <ReceiptsDrawer row={receiptsOf} onClose={() => setReceiptsOf(undefined)} />}
    </Space>
  );
};

export default AnnouncementsPage;
