// A part of a ready job (mapping, unknown values, preview, rejected rows): its title on a divider, then its rows,
// all on one page.
import { Divider, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

export const SectionTable = <Row extends object>({
  title,
  ...table
}: { title: ReactNode } & Omit<TableProps<Row>, 'title' | 'size' | 'pagination'>) => (
  <>
    <Divider titlePlacement="start" plain>
      {title}
    </Divider>
    <Table<Row> size="small" pagination={false} {...table} />
  </>
);
