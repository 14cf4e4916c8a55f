// Placeholder until the page is built.
import type { ConsoleSession } from '@ess/contract/console';
import { Typography } from 'antd';

const Page = (_props: { session: ConsoleSession }) => <Typography.Title level={3}>…</Typography.Title>;
export default Page;
