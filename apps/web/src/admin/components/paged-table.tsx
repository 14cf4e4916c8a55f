// A list read a page at a time: the table with the server's total, and the failure of the read with 重试 above it.
import type { Envelope } from '@ess/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { QueryErrorOf } from './query-error';

type PagedTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'loading' | 'pagination'> & {
  query: UseQueryResult<Envelope<Row[]>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** 共 N 人 and the like; the size cannot be changed then. */
  showTotal?: (total: number) => string;
};

export const PagedTable = <Row extends object>({
  query,
  page,
  pageSize,
  onPage,
  showTotal,
  ...table
}: PagedTableProps<Row>) => (
  <>
    <QueryErrorOf query={query} />
    <Table<Row>
      size="small"
      rowKey="id"
      {...table}
      loading={query.isLoading}
      dataSource={query.data?.data ?? []}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.totalCount ?? 0,
        onChange: onPage,
        ...(showTotal ? { showSizeChanger: false, showTotal } : {}),
      }}
    />
  </>
);
