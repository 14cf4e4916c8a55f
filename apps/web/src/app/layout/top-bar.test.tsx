import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../test/render';
import { TopBar } from './top-bar';

afterEach(() => vi.unstubAllGlobals());

describe('TopBar review badge', () => {
  it('shows reviewers 资料审核 with the number of requests waiting', async () => {
    const { calls } = fakeServer({ 'Review/GetPendingCount': () => ok({ count: 3 }) });
    renderScreen(<TopBar title="首页" hasBack={false} menuPaths={new Set(['/home', '/review/change-list'])} />);
    const link = await screen.findByRole('link', { name: '资料审核，3 条待审核' });
    // The review is the HR console's page, opened by a full navigation.
    expect(link).toHaveAttribute('href', '/admin/review');
    expect(link).toHaveTextContent('3');
    expect(calls.map((call) => call.path)).toEqual(['Review/GetPendingCount']);
  });

  it('keeps the link without a number when nothing waits', async () => {
    fakeServer({ 'Review/GetPendingCount': () => ok({ count: 0 }) });
    renderScreen(<TopBar title="首页" hasBack={false} menuPaths={new Set(['/review/change-list'])} />);
    expect(await screen.findByRole('link', { name: '资料审核' })).not.toHaveTextContent(/\d/);
  });

  it('asks nothing for someone who is no reviewer', async () => {
    const { calls } = fakeServer({});
    renderScreen(<TopBar title="首页" hasBack={false} menuPaths={new Set(['/home', '/salary/my-salary'])} />);
    expect(screen.getByRole('button', { name: '更多操作' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /资料审核/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
