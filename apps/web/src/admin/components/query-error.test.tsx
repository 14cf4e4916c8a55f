import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { QueryError, QueryErrorOf } from './query-error';

/** As the console sets antd up: no space put between the two characters of 重试. */
const inConsole = (node: ReactNode) => <ConfigProvider button={{ autoInsertSpace: false }}>{node}</ConfigProvider>;

describe('QueryError', () => {
  it('tells why a read failed and reads it again on 重试', () => {
    const onRetry = vi.fn();
    render(inConsole(<QueryError error={new ApiError('business', '无权查看该工厂')} onRetry={onRetry} />));
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('无权查看该工厂');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows nothing for a query that has not failed, and refetches one that has', () => {
    const refetch = vi.fn();
    const query = { isError: false, error: null, isFetching: false, refetch };
    const { container, rerender } = render(inConsole(<QueryErrorOf query={query} />));
    expect(container.textContent).toBe('');
    rerender(inConsole(<QueryErrorOf query={{ ...query, isError: true, error: new Error('网络不通') }} />));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
