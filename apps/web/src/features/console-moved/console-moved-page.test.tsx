import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveForConsole } from '../../lib/console-links';
import { fakeServer, renderScreen } from '../../test/render';
import ConsoleMovedPage from './console-moved-page';

vi.mock('../../lib/console-links', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/console-links')>()),
  leaveForConsole: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveForConsole).mockClear();
});

describe('ConsoleMovedPage', () => {
  it.each([
    ['/review/change-list', '/review/change-list?status=approved&bu=HZ', '/admin/review?status=approved&bu=HZ'],
    ['/review/change-detail', '/review/change-detail?id=7', '/admin/review?id=7'],
    ['/hr/submissions', '/hr/submissions', '/admin/submissions'],
  ])('leads %s to the console’s page, with a link in case the browser stays', async (path, at, address) => {
    fakeServer({});
    renderScreen(<ConsoleMovedPage />, { path, at });
    expect(await screen.findByRole('heading', { name: '此功能已移至人事管理后台' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打开人事管理后台' })).toHaveAttribute('href', address);
    expect(leaveForConsole).toHaveBeenCalledWith(address);
  });
});
