import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { fail, fakeServer, ok, renderScreen } from '../../../test/render';
import OperationsPage from './operations-page';

vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

const BACKUPS = {
  isScheduled: true,
  alert: 'failed',
  lastSuccessAt: '2026-11-26 03:05',
  runs: [
    {
      slot: '2026-11-27',
      startedAt: '2026-11-27 03:00',
      finishedAt: '2026-11-27 03:00',
      status: 'failed',
      file: null,
      size: null,
      message: 'ENOSPC: no space left on device',
    },
    {
      slot: '2026-11-26',
      startedAt: '2026-11-26 03:00',
      finishedAt: '2026-11-26 03:05',
      status: 'ok',
      file: 'ess-backup-20261126-030000.tar.gz',
      size: 52_428_800,
      message: null,
    },
  ],
};
const FAILED_JOB = {
  id: '5f0e7c1a-8a55-4c8e-9a53-1f2d3c4b5a69',
  name: 'backup',
  label: '每日备份',
  failedAt: '2026-11-27 03:40',
  retries: 2,
  message: 'scheduled backup failed: ENOSPC: no space left on device',
};

const renderPage = () =>
  renderScreen(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <OperationsPage />
    </ConfigProvider>,
    { path: '/operations' },
  );

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('OperationsPage', { timeout: 40_000 }, () => {
  it('shows the backups’ runs and the failed jobs, and retries one: it leaves the list', async () => {
    let isFailed = true;
    const { calls } = fakeServer({
      'Console/GetBackups': () => ok(BACKUPS),
      'Console/GetFailedJobs': () => ok(isFailed ? [FAILED_JOB] : []),
      'Console/RetryJob': () => {
        isFailed = false;
        return ok(null, '已重新排队，稍后执行');
      },
    });
    renderPage();
    const good = await rowOf('ess-backup-20261126-030000.tar.gz');
    expect(within(good).getByText('成功')).toBeInTheDocument();
    expect(within(good).getByText('50.0 MB')).toBeInTheDocument();
    expect(within(await rowOf('ENOSPC: no space left on device')).getByText('失败')).toBeInTheDocument();
    expect(screen.getByText(/每天定时备份.*最近一次成功：2026-11-26 03:05/)).toBeInTheDocument();

    const job = await rowOf('2026-11-27 03:40');
    expect(within(job).getByText('2 次')).toBeInTheDocument();
    expect(within(job).getByText(FAILED_JOB.message)).toBeInTheDocument();
    fireEvent.click(within(job).getByRole('button', { name: '重试 每日备份' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ content: '已重新排队，稍后执行' })),
    );
    expect(calls.filter((call) => call.path === 'Console/RetryJob').map((call) => call.body)).toEqual([
      { name: 'backup', id: FAILED_JOB.id },
    ]);
    expect(await screen.findByText('没有失败的后台任务')).toBeInTheDocument();
  });

  it('tells a refused retry, and keeps the job listed', async () => {
    fakeServer({
      'Console/GetBackups': () => ok({ ...BACKUPS, isScheduled: false, alert: null, runs: [] }),
      'Console/GetFailedJobs': () => ok([FAILED_JOB]),
      'Console/RetryJob': () => fail('该任务已不在失败列表中，请刷新后查看'),
    });
    renderPage();
    expect(await screen.findByText(/本服务器未开启每日备份/)).toBeInTheDocument();
    expect(screen.getByText('暂无备份记录')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '重试 每日备份' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({ content: expect.stringContaining('该任务已不在失败列表中') }),
      ),
    );
    expect(screen.getByText(FAILED_JOB.message)).toBeInTheDocument();
  });
});
