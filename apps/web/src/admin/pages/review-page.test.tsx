import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detailOf, listItem } from '../../features/review/test-data';
import { createQueryClient } from '../../lib/query-client';
import { fakeServer, ok } from '../../test/render';
import ReviewPage from './review-page';

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    // As the console sets it: two-character buttons keep their words as written.
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={createQueryClient()}>
        <ReviewPage />
      </QueryClientProvider>
    </ConfigProvider>,
  );

const serve = () =>
  fakeServer({
    'Review/GetChangeList': () => ({
      body: {
        result: true,
        msg: '',
        data: [listItem(), listItem({ id: 2, empNo: '100150', empName: '李娜', kind: 'APP_EDIT_PERSON', bu: 'RG' })],
        totalCount: 2,
      },
    }),
    'Review/GetPendingCount': () => ok({ count: 2 }),
    'Review/GetChangeDetail': () => ok(detailOf()),
    'Review/ApproveChange': () => ok(null, '审核通过'),
    'Review/RejectChange': () => ok(null, '已驳回'),
  });

const openFirst = async () => {
  const row = (await screen.findByText('100001 张伟')).closest('tr');
  if (!row) throw new Error('no row');
  await userEvent.click(row);
  return screen.findByRole('article', { name: '员工[100001]修改了工作信息' });
};

// antd's modals and drawers are slow to mount in jsdom.
describe('ReviewPage', { timeout: 20_000 }, () => {
  it('lists the waiting changes with the number waiting', async () => {
    const { calls } = serve();
    renderPage();
    const row = (await screen.findByText('100150 李娜')).closest('tr') as HTMLElement;
    expect(within(row).getByText('修改个人信息')).toBeInTheDocument();
    expect(within(row).getByText('RG')).toBeInTheDocument();
    expect(within(row).getByText('2025-06-01 09:00')).toBeInTheDocument();
    expect(await screen.findByText('待审核 2 条')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'Review/GetChangeList')?.body).toMatchObject({
      status: 'pending',
      CurrentPage: 1,
    });
  });

  it('shows a change field by field: the old value struck out, the new one, scans as pictures', async () => {
    serve();
    const { container } = renderPage();
    const detail = await openFirst();
    expect(within(detail).getByText('修改工作经历')).toBeInTheDocument();
    const olds = [...document.querySelectorAll('del')].map((node) => node.textContent);
    const news = [...document.querySelectorAll('ins')].map((node) => node.textContent);
    expect(olds).toContain('南通华达机械有限公司');
    expect(news).toContain('如皋精工汽配厂');
    // An unchanged field is shown once, not struck out.
    expect(olds).not.toContain('装配工');
    expect(within(detail).getByRole('img', { name: '证书照片（修改后）' })).toHaveAttribute(
      'src',
      '/api/files/0b6f2f4e-8a55-4c8e-9a53-1f2d3c4b5a69',
    );
    expect(container).toBeTruthy();
  });

  it('approves with the versions seen, and refreshes the list', async () => {
    const { calls } = serve();
    renderPage();
    const detail = await openFirst();
    await userEvent.click(within(detail).getByRole('button', { name: '通过' }));
    await userEvent.click(await screen.findByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'Review/ApproveChange')).toBe(true));
    expect(calls.find((call) => call.path === 'Review/ApproveChange')?.body).toEqual({
      id: 1,
      seenVersions: { CER04: 3 },
      opinion: '',
    });
    await waitFor(() => expect(calls.filter((call) => call.path === 'Review/GetChangeList')).toHaveLength(2));
  });

  it('rejects only with a reason', async () => {
    const { calls } = serve();
    renderPage();
    const detail = await openFirst();
    await userEvent.click(within(detail).getByRole('button', { name: '驳回' }));
    await userEvent.click(await screen.findByRole('button', { name: '确认驳回' }));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'Review/RejectChange')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: '驳回原因' }), { target: { value: '身份证照片不清晰' } });
    await userEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'Review/RejectChange')?.body).toEqual({
        id: 1,
        reason: '身份证照片不清晰',
      }),
    );
    await waitFor(() => expect(calls.filter((call) => call.path === 'Review/GetChangeList')).toHaveLength(2));
  });
});
