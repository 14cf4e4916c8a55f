// A read that failed, told where its content would be, with 重试 (the console's twin of components/query-states.tsx).
import { Button, Result } from 'antd';
import { describeError } from '../../lib/api-client';
import { ct } from '../texts';

type QueryErrorProps = { error: unknown; onRetry: () => void; isRetrying?: boolean };

export const QueryError = ({ error, onRetry, isRetrying = false }: QueryErrorProps) => (
  <Result
    status="error"
    title={ct.common.loadFailed}
    subTitle={<span role="alert">{describeError(error)}</span>}
    extra={
      <Button type="primary" loading={isRetrying} onClick={onRetry}>
        {ct.common.retry}
      </Button>
    }
  />
);

/** The failure of a query as its page shows it, or nothing while it has not failed. */
export const QueryErrorOf = ({
  query,
}: {
  query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
}) =>
  query.isError ? (
    <QueryError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
  ) : null;
