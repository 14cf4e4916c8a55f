import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../test/render';
import ChangeListPage from './change-list-page';
import { detailOf, listItem } from './test-data';

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  vi.unstubAllGlobals();
  window.matchMedia = originalMatchMedia;
});

/** An office PC's window: 1366 px wide. */
const pretendWideWindow = () => {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('min-width: 1024px'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
};

const ROWS = [
  listItem({ id: 1 }),
  listItem({ id: 2, empNo: '100023', empName: '王芳', bu: 'HZ', deptName: '焊装车间', kind: 'APP_EDIT_EDU' }),
  listItem({ id: 3, empNo: '100040', empName: '刘洋', kind: 'APP_EDIT_BANK' }),
];

const listServer = (extra: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({
    'Review/GetChangeList': () => ({ body: { result: true, msg: '', data: ROWS, totalCount: ROWS.length } }),
    ...extra,
  });

const listCalls = (calls: { path: string; body: Record<string, unknown> }[]) =>
  calls.filter((call) => call.path === 'Review/GetChangeList').map((call) => call.body);

const renderList = (at = '/review/change-list') =>
  renderScreen(<ChangeListPage />, {
    path: '/review/change-list',
    at,
    extraRoutes: ['/review/change-detail'],
  });

describe('ChangeListPage', () => {
  it('lists the pending requests: who, what in words, plant, department and when', async () => {
    const { calls } = listServer();
    renderList();
    const list = await screen.findByRole('region', { name: '审核申请列表' });
    const first = within(list).getByRole('link', { name: /100001 张伟/ });
    expect(first).toHaveTextContent('修改工作信息');
    expect(within(list).getByRole('link', { name: /100023 王芳/ })).toHaveTextContent('修改学历信息');
    expect(within(list).getByText('焊装车间')).toBeInTheDocument();
    expect(within(list).getByText('HZ')).toBeInTheDocument();
    expect(within(list).getAllByText('提交于 2025-06-01 09:00')).toHaveLength(3);
    expect(listCalls(calls)).toEqual([{ status: 'pending', bu: '', kind: '', CurrentPage: 1, PageSize: 20 }]);
    expect(screen.getByRole('button', { name: '待审核' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by plant and kind, and switches between 待审核, 已通过 and 已驳回', async () => {
    const { calls } = listServer();
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: /100001 张伟/ });
    await user.selectOptions(screen.getByLabelText('工厂'), 'HZ');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('修改类型'), '修改学历信息');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: '已驳回' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(4));
    expect(listCalls(calls).slice(1)).toEqual([
      { status: 'pending', bu: 'HZ', kind: '', CurrentPage: 1, PageSize: 20 },
      { status: 'pending', bu: 'HZ', kind: 'APP_EDIT_EDU', CurrentPage: 1, PageSize: 20 },
      { status: 'rejected', bu: 'HZ', kind: 'APP_EDIT_EDU', CurrentPage: 1, PageSize: 20 },
    ]);
    expect(screen.getByRole('button', { name: '已驳回' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '待审核' })).toHaveAttribute('aria-pressed', 'false');
    // The filters live in the address: back and reload come back to them.
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/review/change-list?status=rejected&bu=HZ&kind=APP_EDIT_EDU',
    );
  });

  it('starts from the filters in the address', async () => {
    const { calls } = listServer();
    renderList('/review/change-list?status=approved&bu=GT&kind=nonsense');
    await screen.findByRole('link', { name: /100001 张伟/ });
    expect(listCalls(calls)).toEqual([{ status: 'approved', bu: 'GT', kind: '', CurrentPage: 1, PageSize: 20 }]);
    expect(screen.getByLabelText('工厂')).toHaveValue('GT');
  });

  it('says when nothing waits', async () => {
    fakeServer({ 'Review/GetChangeList': () => ({ body: { result: true, msg: '', data: [], totalCount: 0 } }) });
    renderList();
    expect(await screen.findByText('暂无待审核的申请')).toBeInTheDocument();
  });

  it('opens a request on its own screen on a phone', async () => {
    listServer();
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('link', { name: /100023 王芳/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/review/change-detail?id=2'));
  });

  it('on a wide window shows the request beside the list, and the next one after a decision', async () => {
    pretendWideWindow();
    let isApproved = false;
    const { calls } = fakeServer({
      // Once decided, the request is no longer among the pending ones.
      'Review/GetChangeList': () => {
        const rows = isApproved ? ROWS.filter((row) => row.id !== 2) : ROWS;
        return { body: { result: true, msg: '', data: rows, totalCount: rows.length } };
      },
      'Review/GetChangeDetail': (body) =>
        ok(detailOf({ id: Number(body.id), title: `员工[申请${String(body.id)}]修改了工作信息` })),
      'Review/ApproveChange': () => {
        isApproved = true;
        return ok(null, '审核通过');
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderList();
    expect(await screen.findByText('请从左侧列表选择一条申请')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: /100023 王芳/ }));
    const pane = screen.getByRole('region', { name: '申请详情' });
    expect(await within(pane).findByRole('heading', { name: '员工[申请2]修改了工作信息' })).toBeInTheDocument();
    // The list stays, with the request shown marked.
    expect(screen.getByRole('link', { name: /100023 王芳/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/review/change-list?id=2');

    await user.click(within(pane).getByRole('button', { name: '通过' }));
    await user.click(await screen.findByRole('button', { name: '确认通过' }));
    expect(await within(pane).findByRole('heading', { name: '员工[申请3]修改了工作信息' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/review/change-list?id=3');
    expect(calls.find((call) => call.path === 'Review/ApproveChange')?.body).toMatchObject({ id: 2 });
    await waitFor(() => expect(screen.queryByRole('link', { name: /100023 王芳/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /100040 刘洋/ })).toHaveAttribute('aria-current', 'true');
  });
});
