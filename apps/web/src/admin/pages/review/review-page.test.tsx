import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, fail, fakeServer, ok, renderScreen } from '../../../test/render';
import ReviewPage from './review-page';
import { detailOf, listItem } from './test-data';

afterEach(() => vi.unstubAllGlobals());

const renderPage = (at = '/review') =>
  renderScreen(
    // As the console sets it: two-character buttons keep their words as written.
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <ReviewPage />
    </ConfigProvider>,
    { path: '/review', at },
  );

const ROWS = [
  listItem(),
  listItem({ id: 2, empNo: '100150', empName: '李娜', kind: 'APP_EDIT_PERSON', bu: 'RG' }),
  listItem({ id: 3, empNo: '100040', empName: '刘洋', kind: 'APP_EDIT_BANK', deptName: '焊装车间' }),
];
const listAnswer = (rows = ROWS) => ({ body: { result: true, msg: '', data: rows, totalCount: rows.length } });

const serve = (extra: Record<string, FakeHandler> = {}) =>
  fakeServer({
    'Review/GetChangeList': () => listAnswer(),
    'Review/GetPendingCount': () => ok({ count: 3 }),
    'Review/GetChangeDetail': (body) =>
      ok(detailOf({ id: Number(body.id), title: `员工[申请${String(body.id)}]修改了工作信息` })),
    'Review/ApproveChange': () => ok(null, '审核通过'),
    'Review/RejectChange': () => ok(null, '已驳回'),
    ...extra,
  });

const listCalls = (calls: { path: string; body: Record<string, unknown> }[]) =>
  calls.filter((call) => call.path === 'Review/GetChangeList').map((call) => call.body);
const location = () => screen.getByTestId('location').textContent;

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

/** The request shown in the drawer (by its label: a role query is slow in antd's DOM under jsdom). */
const findArticle = (title: string) =>
  waitFor(() => {
    const article = document.querySelector<HTMLElement>(`article[aria-label="${title}"]`);
    if (!article) throw new Error(`no request ${title}`);
    return article;
  });

const openRow = async (text: string, title: string) => {
  await userEvent.click(await rowOf(text));
  return findArticle(title);
};

/** The button with these words (by text: a role query weighs every style of antd's DOM, slow in jsdom). */
const buttonIn = async (container: HTMLElement, words: string) => {
  const text = await within(container).findByText(words, { selector: 'button span' });
  const button = text.closest('button');
  if (!button) throw new Error(`no button ${words}`);
  return button;
};

const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const choice = await screen.findByTitle(option);
  fireEvent.click(choice);
};

// antd's modals, drawers and selects are slow to mount in jsdom.
describe('ReviewPage', { timeout: 40_000 }, () => {
  it('lists the waiting changes, who, what in words, plant, department and when, with the number waiting', async () => {
    const { calls } = serve();
    renderPage();
    const row = await rowOf('100150 李娜');
    expect(within(row).getByText('修改个人信息')).toBeInTheDocument();
    expect(within(row).getByText('RG')).toBeInTheDocument();
    expect(within(row).getByText('2025-06-01 09:00')).toBeInTheDocument();
    expect(within(await rowOf('100040 刘洋')).getByText('焊装车间')).toBeInTheDocument();
    expect(await screen.findByText('待审核 3 条')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([{ status: 'pending', bu: '', kind: '', CurrentPage: 1, PageSize: 20 }]);
    expect(screen.getByRole('radio', { name: '待审核' })).toBeChecked();
  });

  it('filters by plant and kind, switches between 待审核, 已通过 and 已驳回, and keeps it all in the address', async () => {
    const { calls } = serve();
    renderPage();
    await rowOf('100001 张伟');
    await pick('工厂', 'HZ');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await pick('修改类型', '修改学历信息');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    // antd draws the segment over its radio: the radio itself takes no pointer.
    fireEvent.click(screen.getByRole('radio', { name: '已驳回' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(4));
    expect(listCalls(calls).slice(1)).toEqual([
      { status: 'pending', bu: 'HZ', kind: '', CurrentPage: 1, PageSize: 20 },
      { status: 'pending', bu: 'HZ', kind: 'APP_EDIT_EDU', CurrentPage: 1, PageSize: 20 },
      { status: 'rejected', bu: 'HZ', kind: 'APP_EDIT_EDU', CurrentPage: 1, PageSize: 20 },
    ]);
    expect(location()).toBe('/review?status=rejected&bu=HZ&kind=APP_EDIT_EDU');
  });

  it('starts from the filters in the address, and shows when a decided request was decided', async () => {
    const { calls } = serve({
      'Review/GetChangeList': () =>
        listAnswer([listItem({ status: 'approved', decidedAt: '2025-06-02 14:30', bu: 'GT' })]),
    });
    renderPage('/review?status=approved&bu=GT&kind=nonsense');
    const row = await rowOf('100001 张伟');
    expect(within(row).getByText('2025-06-02 14:30')).toBeInTheDocument();
    expect(within(row).getByText('已通过')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '审核时间' })).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([{ status: 'approved', bu: 'GT', kind: '', CurrentPage: 1, PageSize: 20 }]);
  });

  it('says when nothing waits', async () => {
    serve({ 'Review/GetChangeList': () => listAnswer([]) });
    renderPage();
    expect(await screen.findByText('暂无待审核的申请')).toBeInTheDocument();
  });

  it('shows a list that failed to load with 重试', async () => {
    let isDown = true;
    serve({ 'Review/GetChangeList': () => (isDown ? fail('服务暂不可用') : listAnswer()) });
    renderPage();
    const retry = await buttonIn(document.body, '重试');
    expect(screen.getByText('加载失败')).toBeInTheDocument();
    expect(screen.getByText('服务暂不可用')).toBeInTheDocument();
    isDown = false;
    fireEvent.click(retry);
    expect(await rowOf('100001 张伟')).toBeInTheDocument();
  });

  it('shows a change field by field: the old value struck out, the new one, scans as pictures', async () => {
    serve({ 'Review/GetChangeDetail': () => ok(detailOf()) });
    renderPage();
    const detail = await openRow('100001 张伟', '员工[100001]修改了工作信息');
    expect(location()).toBe('/review?id=1');
    expect(within(detail).getByText('修改工作经历')).toBeInTheDocument();
    const olds = [...document.querySelectorAll('del')].map((node) => node.textContent);
    const news = [...document.querySelectorAll('ins')].map((node) => node.textContent);
    expect(olds).toContain('南通华达机械有限公司');
    expect(news).toContain('如皋精工汽配厂');
    // An unchanged field is shown once, not struck out.
    expect(olds).not.toContain('装配工');
    expect(within(detail).getAllByText('（空）').length).toBeGreaterThan(0);
    const picture = within(detail).getByRole('img', { name: '证书照片（修改后）' });
    expect(picture).toHaveAttribute('src', '/api/files/0b6f2f4e-8a55-4c8e-9a53-1f2d3c4b5a69');
    // A file no browser draws becomes a link that opens it.
    fireEvent.error(picture);
    const link = await within(detail).findByRole('link', { name: '打开文件：证书照片（修改后）' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(detail).queryByText('资料已被修改')).not.toBeInTheDocument();
  });

  it('opens the request named in the address (a link from the employee app or a notification)', async () => {
    const { calls } = serve();
    renderPage('/review?id=2');
    expect(await findArticle('员工[申请2]修改了工作信息')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'Review/GetChangeDetail')?.body).toEqual({ id: 2 });
  });

  it('says so when the address holds no request number', async () => {
    serve();
    renderPage('/review?id=abc');
    expect(await screen.findByText('申请编号无效')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('warns when the records changed after the request was sent', async () => {
    serve({ 'Review/GetChangeDetail': () => ok(detailOf({ isStale: true })) });
    renderPage('/review?id=1');
    expect(await screen.findByText('资料已被修改')).toBeInTheDocument();
    expect(screen.getByText(/下面的差异按今天的记录显示/)).toBeInTheDocument();
  });

  it('approves with the versions seen and the opinion, then opens the next request', async () => {
    let isApproved = false;
    const { calls } = serve({
      // Once decided, the request is no longer among the pending ones.
      'Review/GetChangeList': () => listAnswer(isApproved ? ROWS.filter((row) => row.id !== 2) : ROWS),
      'Review/GetChangeDetail': (body) =>
        ok(
          detailOf({
            id: Number(body.id),
            title: `员工[申请${String(body.id)}]修改了工作信息`,
            seenVersions: { base: 1 },
          }),
        ),
      'Review/ApproveChange': () => {
        isApproved = true;
        return ok(null, '审核通过');
      },
    });
    renderPage();
    const detail = await openRow('100150 李娜', '员工[申请2]修改了工作信息');
    await userEvent.click(await buttonIn(detail, '通过'));
    fireEvent.change(await screen.findByLabelText('审核意见'), { target: { value: ' 资料齐全 ' } });
    await userEvent.click(await buttonIn(document.body, '确认通过'));
    await waitFor(() => expect(calls.some((call) => call.path === 'Review/ApproveChange')).toBe(true));
    expect(calls.find((call) => call.path === 'Review/ApproveChange')?.body).toEqual({
      id: 2,
      seenVersions: { base: 1 },
      opinion: '资料齐全',
    });
    expect(await findArticle('员工[申请3]修改了工作信息')).toBeInTheDocument();
    expect(location()).toBe('/review?id=3');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('100150 李娜')).not.toBeInTheDocument());
  });

  it('approves without an opinion, and closes the drawer after the last request', async () => {
    const { calls } = serve({ 'Review/GetChangeList': () => listAnswer([listItem()]) });
    renderPage();
    const detail = await openRow('100001 张伟', '员工[申请1]修改了工作信息');
    await userEvent.click(await buttonIn(detail, '通过'));
    await userEvent.click(await buttonIn(document.body, '确认通过'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'Review/ApproveChange')?.body).toEqual({
        id: 1,
        seenVersions: { CER04: 3 },
        opinion: '',
      }),
    );
    await waitFor(() => expect(location()).toBe('/review'));
  });

  it('rejects only with a reason', async () => {
    const { calls } = serve();
    renderPage('/review?id=1');
    const detail = await findArticle('员工[申请1]修改了工作信息');
    await userEvent.click(await buttonIn(detail, '驳回'));
    await userEvent.click(await buttonIn(document.body, '确认驳回'));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '   ' } });
    await userEvent.click(await buttonIn(document.body, '确认驳回'));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'Review/RejectChange')).toBe(false);
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '身份证照片不清晰' } });
    await userEvent.click(await buttonIn(document.body, '确认驳回'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'Review/RejectChange')?.body).toEqual({
        id: 1,
        reason: '身份证照片不清晰',
      }),
    );
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('shows why a decision was refused and reloads the request as it is now', async () => {
    let reads = 0;
    const { calls } = serve({
      'Review/GetChangeDetail': () => {
        reads += 1;
        return ok(reads === 1 ? detailOf() : detailOf({ status: 'approved', decidedByName: '李娜' }));
      },
      'Review/ApproveChange': () => fail('该申请已由其他审核人处理'),
    });
    renderPage('/review?id=1');
    const detail = await findArticle('员工[100001]修改了工作信息');
    await userEvent.click(await buttonIn(detail, '通过'));
    await userEvent.click(await buttonIn(document.body, '确认通过'));
    expect((await screen.findAllByText('该申请已由其他审核人处理')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText('通过', { selector: 'button span' })).not.toBeInTheDocument());
    expect(screen.getByText('李娜')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'Review/GetChangeDetail')).toHaveLength(2);
    expect(location()).toBe('/review?id=1');
  });
});
