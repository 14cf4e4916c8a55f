// The search above the list: number, name, plant, department and state; and 新建员工.
import type { ConsoleSession } from '@ess/contract/console';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import type { PeopleFilter } from './api/search-people';

export const PeopleSearch = ({
  session,
  onSearch,
  onCreate,
}: {
  session: ConsoleSession;
  onSearch: (filter: PeopleFilter) => void;
  onCreate: () => void;
}) => {
  const [form] = Form.useForm<PeopleFilter>();
  return (
    <Card size="small">
      <Form
        form={form}
        layout="inline"
        initialValues={{ status: 'all' }}
        onFinish={(values) => onSearch({ ...values, status: values.status ?? 'all' })}
      >
        <Form.Item name="empNo" label={ct.common.empNo}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="name" label={ct.common.name}>
          <Input allowClear style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="bu" label={ct.common.plant}>
          <Select allowClear style={{ width: 140 }} options={plantOptions(session.adminPlants)} />
        </Form.Item>
        <Form.Item name="deptName" label={ct.common.dept}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="status" label={ct.common.status}>
          <Select
            style={{ width: 90 }}
            options={[
              { value: 'all', label: ct.people.statusAll },
              { value: 'active', label: ct.people.active },
              { value: 'left', label: ct.people.left },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {ct.common.search}
          </Button>
          <Button onClick={onCreate}>{ct.people.create}</Button>
        </Space>
      </Form>
    </Card>
  );
};
