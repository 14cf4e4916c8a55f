import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import ChangeDetailPage from './change-detail-page';
import { detailOf } from './test-data';

afterEach(() => vi.unstubAllGlobals());

const renderDetail = (at = '/review/change-detail?id=1') =>
  renderScreen(<ChangeDetailPage />, {
    path: '/review/change-detail',
    at,
    extraRoutes: ['/review/change-list'],
  });

const rowOf = (label: string) => {
  const row = screen.getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr');
  if (!row) throw new Error(`no row for ${label}`);
  return row;
};

describe('ChangeDetailPage', () => {
  it('shows each group titled, old and new values side by side, the changed fields marked in words', async () => {
    const { calls } = fakeServer({ 'Review/GetChangeDetail': () => ok(detailOf()) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: '员工[100001]修改了工作信息' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: 'Review/GetChangeDetail', body: { id: 1 } });
    expect(screen.getByRole('heading', { name: /修改工作经历/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /新增学历/ })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('修改前');

    const employer = rowOf('工作单位');
    expect(within(employer).getByText('已修改')).toBeInTheDocument();
    expect(within(employer).getByText('南通华达机械有限公司')).toBeInTheDocument();
    expect(within(employer).getByText('如皋精工汽配厂')).toBeInTheDocument();
    const position = rowOf('职位');
    expect(within(position).queryByText('已修改')).not.toBeInTheDocument();
    expect(within(position).getAllByText('装配工')).toHaveLength(2);
    // A value that was not there before says so.
    expect(within(rowOf('学校')).getByText('（空）')).toBeInTheDocument();
    expect(screen.queryByText('资料已被修改')).not.toBeInTheDocument();
  });

  it('shows a file field as a picture to enlarge, and a file no browser draws as a link', async () => {
    fakeServer({ 'Review/GetChangeDetail': () => ok(detailOf()) });
    renderDetail();
    const picture = await screen.findByRole('img', { name: '证书照片（修改后）' });
    expect(picture).toHaveAttribute('src', '/api/files/0b6f2f4e-8a55-4c8e-9a53-1f2d3c4b5a69');
    expect(screen.getByRole('button', { name: '放大查看：证书照片（修改后）' })).toBeInTheDocument();
    fireEvent.error(picture);
    const link = await screen.findByRole('link', { name: '打开文件：证书照片（修改后）' });
    expect(link).toHaveAttribute('href', '/api/files/0b6f2f4e-8a55-4c8e-9a53-1f2d3c4b5a69');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('warns when the records changed after the request was sent', async () => {
    fakeServer({ 'Review/GetChangeDetail': () => ok(detailOf({ isStale: true })) });
    renderDetail();
    expect(await screen.findByText('资料已被修改')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('下面的差异按今天的记录显示');
  });

  it('approves with the record versions it showed and the optional opinion, then goes back to the list', async () => {
    const { calls } = fakeServer({
      'Review/GetChangeDetail': () => ok(detailOf({ seenVersions: { CER04: 3, base: 1 } })),
      'Review/ApproveChange': () => ok(null, '审核通过'),
    });
    // The sheet is still animating in (pointer-events: none) when jsdom clicks it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: '通过' }));
    const sheet = await screen.findByRole('dialog', { name: '审核通过' });
    await user.type(within(sheet).getByLabelText('审核意见'), ' 资料齐全 ');
    await user.click(within(sheet).getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/review/change-list'));
    expect(calls.find((call) => call.path === 'Review/ApproveChange')?.body).toEqual({
      id: 1,
      seenVersions: { CER04: 3, base: 1 },
      opinion: '资料齐全',
    });
    expect(await screen.findByText('审核通过')).toBeInTheDocument();
  });

  it('approves without an opinion too', async () => {
    const { calls } = fakeServer({
      'Review/GetChangeDetail': () => ok(detailOf()),
      'Review/ApproveChange': () => ok(null, '审核通过'),
    });
    // The sheet is still animating in (pointer-events: none) when jsdom clicks it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: '通过' }));
    await user.click(await screen.findByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'Review/ApproveChange')).toBe(true));
    expect(calls.find((call) => call.path === 'Review/ApproveChange')?.body).toEqual({
      id: 1,
      seenVersions: { CER04: 3 },
      opinion: '',
    });
  });

  it('rejects only with a reason', async () => {
    const { calls } = fakeServer({
      'Review/GetChangeDetail': () => ok(detailOf()),
      'Review/RejectChange': () => ok(null, '已驳回'),
    });
    // The sheet is still animating in (pointer-events: none) when jsdom clicks it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: '驳回' }));
    const sheet = await screen.findByRole('dialog', { name: '驳回申请' });
    await user.click(within(sheet).getByRole('button', { name: '确认驳回' }));
    expect(await within(sheet).findByText('请填写驳回原因')).toBeInTheDocument();
    await user.type(within(sheet).getByRole('textbox', { name: '驳回原因' }), '   ');
    await user.click(within(sheet).getByRole('button', { name: '确认驳回' }));
    expect(await within(sheet).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'Review/RejectChange')).toBe(false);

    await user.clear(within(sheet).getByRole('textbox', { name: '驳回原因' }));
    await user.type(within(sheet).getByRole('textbox', { name: '驳回原因' }), '离职日期与档案不符');
    await user.click(within(sheet).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/review/change-list'));
    expect(calls.find((call) => call.path === 'Review/RejectChange')?.body).toEqual({
      id: 1,
      reason: '离职日期与档案不符',
    });
    expect(await screen.findByText('已驳回')).toBeInTheDocument();
  });

  it('shows why a decision was refused and reloads the request as it is now', async () => {
    let reads = 0;
    const { calls } = fakeServer({
      'Review/GetChangeDetail': () => {
        reads += 1;
        return ok(reads === 1 ? detailOf() : detailOf({ status: 'approved', decidedByName: '李娜' }));
      },
      'Review/ApproveChange': () => fail('该申请已由其他审核人处理'),
    });
    // The sheet is still animating in (pointer-events: none) when jsdom clicks it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: '通过' }));
    await user.click(await screen.findByRole('button', { name: '确认通过' }));
    expect((await screen.findAllByText('该申请已由其他审核人处理')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: '通过' })).not.toBeInTheDocument());
    expect(screen.getByText('李娜')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'Review/GetChangeDetail')).toHaveLength(2);
    expect(screen.getByTestId('location')).toHaveTextContent('/review/change-detail?id=1');
  });

  it('says so when the address holds no request number', async () => {
    const { calls } = fakeServer({});
    renderDetail('/review/change-detail?id=abc');
    expect(await screen.findByText('申请编号无效')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
