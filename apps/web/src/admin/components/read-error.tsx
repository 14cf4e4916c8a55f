// A read that failed, in the page or panel it was for: what went wrong and 重试 (the query's refetch). A failed
// read is not toasted (the api client told of a network failure already): it stays where the data would be.
import { Button, Result } from 'antd';
import { describeError } from '../../lib/api-client';
import { ct } from '../texts';

export const ReadError = ({
  error,
  isRetrying,
  onRetry,
}: {
  error: unknown;
  isRetrying: boolean;
  onRetry: () => void;
}) => (
  <Result
    status="error"
    title={ct.readFailed}
    subTitle={describeError(error)}
    extra={
      <Button onClick={onRetry} loading={isRetrying}>
        {ct.retry}
      </Button>
    }
  />
);
