// 消息送达: what the app told workers and whether it reached their WeCom — per event (a payslip month published, a
// feedback answered …), how many were handed to WeCom, are still being sent, could not be delivered or were refused;
// a row opens whom it did not reach and why. Counted over the workers of the clerk's plants.
import type { ConsoleSession } from '@ess/contract/console';
import type { Plant } from '@ess/contract/plants';
import { DELIVERY_STATUS_LABELS, type DeliveryEvent, type UndeliveredPerson } from '@ess/contract/wechat';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { emptyLocale } from '../../components/table-empty';
import { ct } from '../../texts';
import { DELIVERY_PAGE_SIZE, deliveryEventsQuery, undeliveredQuery } from './api/deliveries';

const m = ct.deliveries;
/** The state's words on a colour that reads at AA; the words alone carry it. */
const STATUS_COLORS: Record<UndeliveredPerson['status'], string> = {
  pending: '#0b5ad9',
  invalid: '#ad4e00',
  failed: '#a8071a',
  recalled: '#595959',
};

const Undelivered = ({ event, bu }: { event: DeliveryEvent; bu: Plant | '' }) => {
  const [page, setPage] = useState(1);
  const people = useQuery(undeliveredQuery(event.key, bu, page));
  return (
    <PagedTable<UndeliveredPerson>
      query={people}
      page={page}
      pageSize={DELIVERY_PAGE_SIZE}
      onPage={setPage}
      rowKey="empNo"
      showTotal={m.peopleTotal}
      locale={emptyLocale(m.allReached)}
      columns={[
        { title: ct.common.empNo, dataIndex: 'empNo', width: 100 },
        { title: ct.common.name, dataIndex: 'name', width: 100 },
        { title: ct.common.plant, dataIndex: 'bu', width: 70 },
        { title: m.dept, dataIndex: 'deptName', width: 140 },
        {
          title: m.status,
          width: 100,
          render: (_, person) => (
            <Tag color={STATUS_COLORS[person.status]}>{DELIVERY_STATUS_LABELS[person.status]}</Tag>
          ),
        },
        { title: m.reason, render: (_, person) => m.reasonText(person.error, person.attempts) },
      ]}
    />
  );
};

const MessagesPage = ({ session }: { session: ConsoleSession }) => {
  const [bu, setBu] = useState<Plant | ''>('');
  const [page, setPage] = useState(1);
  const events = useQuery(deliveryEventsQuery(bu, page));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {m.menu}
      </Typography.Title>
      <Typography.Text type="secondary">{m.intro}</Typography.Text>
      <Select
        aria-label={ct.common.plant}
        style={{ width: 140 }}
        value={bu}
        onChange={(next) => {
          setBu(next);
          setPage(1);
        }}
        options={[
          { value: '', label: m.allPlants },
          ...session.adminPlants.map((plant) => ({ value: plant, label: plant })),
        ]}
      />
      <Card size="small">
        <PagedTable<DeliveryEvent>
          query={events}
          page={page}
          pageSize={DELIVERY_PAGE_SIZE}
          onPage={setPage}
          rowKey="key"
          locale={emptyLocale(m.empty)}
          expandable={{
            expandedRowRender: (event) => <Undelivered event={event} bu={bu} />,
            rowExpandable: (event) => event.sent < event.total,
          }}
          columns={[
            { title: m.time, dataIndex: 'createdAt', width: 160 },
            {
              title: m.message,
              render: (_, event) => (
                <Space direction="vertical" size={2}>
                  <Typography.Text strong>{event.title}</Typography.Text>
                  <Typography.Text type="secondary">{m.opens(event.link || '/home')}</Typography.Text>
                </Space>
              ),
            },
            { title: m.total, dataIndex: 'total', width: 80 },
            { title: m.sent, dataIndex: 'sent', width: 110 },
            { title: m.pending, dataIndex: 'pending', width: 80 },
            { title: m.recalled, dataIndex: 'recalled', width: 80 },
            {
              title: m.notReached,
              width: 100,
              render: (_, event) =>
                event.invalid + event.failed > 0 ? (
                  <Typography.Text type="danger">{event.invalid + event.failed}</Typography.Text>
                ) : (
                  0
                ),
            },
          ]}
        />
      </Card>
    </Space>
  );
};

export default MessagesPage;
