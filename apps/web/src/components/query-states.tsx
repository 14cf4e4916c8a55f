// The three states every query screen has besides its content: loading, empty, failed (with 重试).
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { t } from '../i18n/zh-CN';
import { describeError } from '../lib/api-client';
import './query-states.css';

export const LoadingState = ({ lines = 4, blocks = 2 }: { lines?: number; blocks?: number }) => (
  <div className="query-loading" role="status" aria-live="polite" aria-label={t.queryState.loading}>
    {Array.from({ length: blocks }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders in a fixed order
      <div className="query-loading-block" key={index}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={lines} animated />
      </div>
    ))}
  </div>
);

export const EmptyState = ({ title, description }: { title: string; description?: ReactNode }) => (
  <ErrorBlock className="query-empty" status="empty" title={title} description={description ?? null} />
);

type ErrorStateProps = { error: unknown; onRetry: () => void; isRetrying?: boolean };

export const ErrorState = ({ error, onRetry, isRetrying = false }: ErrorStateProps) => (
  <ErrorBlock
    className="query-error"
    status="default"
    title={t.queryState.loadFailed}
    description={<span role="alert">{describeError(error)}</span>}
  >
    <Button color="primary" size="small" loading={isRetrying} onClick={onRetry}>
      {t.queryState.retry}
    </Button>
  </ErrorBlock>
);
