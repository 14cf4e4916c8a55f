import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { type FetchPage, type Page, usePagedQuery } from '../lib/paged-query';
import { createQueryClient } from '../lib/query-client';
import { pretendLaidOut } from '../test/pretend-laid-out';
import { renderScreen } from '../test/render';
import { PagedList } from './paged-list';

type Row = { id: number };
const PAGE_SIZE = 10;

/** A server with `total` rows in pages of 10; `fail` decides which page numbers reject. */
const pagedServer = (total: number, fail: (page: number, attempt: number) => boolean = () => false) => {
  const requested: number[] = [];
  const fetchPage: FetchPage<Row> = async (page) => {
    requested.push(page);
    const attempt = requested.filter((p) => p === page).length;
    if (fail(page, attempt)) throw new ApiError('business', `第 ${page} 页查询失败`);
    const start = (page - 1) * PAGE_SIZE;
    const rows = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, total - start)) }, (_, i) => ({
      id: start + i + 1,
    }));
    return { rows, totalCount: total } satisfies Page<Row>;
  };
  return { requested, fetchPage };
};

const Harness = ({ fetchPage }: { fetchPage: FetchPage<Row> }) => {
  const paged = usePagedQuery({ queryKey: ['rows'], fetchPage });
  return (
    <PagedList
      paged={paged}
      label="测试列表"
      emptyTitle="什么也没有"
      getKey={(row) => row.id}
      renderItem={(row) => <List.Item>{`第${row.id}行`}</List.Item>}
    />
  );
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = pretendLaidOut();
});
afterAll(() => restoreLayout());

describe('PagedList', () => {
  it('loads page after page while loaded < totalCount, then stops', async () => {
    const server = pagedServer(23);
    renderScreen(<Harness fetchPage={server.fetchPage} />);
    await screen.findByText('没有更多了', {}, { timeout: 3000 });
    expect(screen.getByText('第23行')).toBeTruthy();
    await settle();
    expect(server.requested).toEqual([1, 2, 3]);
  });

  it('stops on an empty page even when the total promises more', async () => {
    const server = pagedServer(15);
    const overstating: FetchPage<Row> = async (page, signal) => ({
      ...(await server.fetchPage(page, signal)),
      totalCount: 100,
    });
    renderScreen(<Harness fetchPage={overstating} />);
    await screen.findByText('没有更多了', {}, { timeout: 3000 });
    await settle();
    expect(server.requested).toEqual([1, 2, 3]);
    expect(screen.getByText('第15行')).toBeTruthy();
  });

  it('stops at a failed page, toasts the message, and asks once more only on 重试', async () => {
    const server = pagedServer(25, (page, attempt) => page === 2 && attempt === 1);
    renderScreen(<Harness fetchPage={server.fetchPage} />);
    await screen.findByText('加载失败', {}, { timeout: 3000 });
    await screen.findByText('第 2 页查询失败');
    await settle();
    expect(server.requested).toEqual([1, 2]);
    expect(screen.getByText('第10行')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('没有更多了', {}, { timeout: 3000 });
    expect(server.requested).toEqual([1, 2, 2, 3]);
    expect(screen.getByText('第25行')).toBeTruthy();
  });

  it('shows the first page failure with its message and 重试', async () => {
    const server = pagedServer(5, (page, attempt) => page === 1 && attempt === 1);
    renderScreen(<Harness fetchPage={server.fetchPage} />);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '第 1 页查询失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('第5行');
    await screen.findByText('没有更多了');
    expect(server.requested).toEqual([1, 1]);
  });

  it('shows the empty state when there are no rows', async () => {
    const server = pagedServer(0);
    renderScreen(<Harness fetchPage={server.fetchPage} />);
    await screen.findByText('什么也没有');
    await settle();
    expect(server.requested).toEqual([1]);
  });
});

describe('usePagedQuery', () => {
  it('refreshes from page 1 alone, dropping the pages loaded so far', async () => {
    const server = pagedServer(30);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePagedQuery({ queryKey: ['hook-rows'], fetchPage: server.fetchPage }), {
      wrapper,
    });
    // Reading data now subscribes this test to its changes (TanStack re-renders only for props read).
    await waitFor(() => expect(result.current.query.data?.pages).toHaveLength(1));
    await act(() => result.current.query.fetchNextPage());
    await waitFor(() => expect(result.current.query.data?.pages).toHaveLength(2));
    await act(() => result.current.query.fetchNextPage());
    await waitFor(() => expect(result.current.query.data?.pages).toHaveLength(3));
    expect(result.current.query.hasNextPage).toBe(false);

    await act(() => result.current.refreshFromFirstPage());
    await waitFor(() => expect(result.current.query.data?.pages).toHaveLength(1));
    expect(server.requested).toEqual([1, 2, 3, 1]);
    expect(result.current.query.hasNextPage).toBe(true);
  });

  it('has no next page once loaded reaches the total', async () => {
    const server = pagedServer(10);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePagedQuery({ queryKey: ['hook-ten'], fetchPage: server.fetchPage }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    expect(result.current.query.hasNextPage).toBe(false);
    expect(server.requested).toEqual([1]);
  });
});
