// A console table's words when it has no rows: antd's own are the disabled grey, too faint to read (WCAG AA).
import { Typography } from 'antd';

export const emptyLocale = (text: string | undefined) => ({
  emptyText: <Typography.Text type="secondary">{text}</Typography.Text>,
});
