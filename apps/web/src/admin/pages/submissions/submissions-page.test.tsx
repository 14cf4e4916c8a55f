import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { type FakeHandler, fail, fakeServer, ok, renderScreen } from '../../../test/render';
import SubmissionsPage from './submissions-page';

// The toasts are asserted as told: a toast's two seconds are shorter than a query over antd's DOM in a busy jsdom.
vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

const PROPOSAL = {
  id: 11,
  kind: 'IMPROVE',
  bu: 'HZ',
  status: 'SUBMITTED',
  title: '料架标识',
  deptName: '总装车间',
  teamName: '一班',
  assistDeptName: '设备科',
  empName: '张伟',
  empNo: '100001',
  classType: '',
  workNo: '',
  imageNo: '',
  detail: '料架标识不清',
  suggestion: '统一颜色标识',
  filePath: '/api/files/2d1b6c1e-8a55-4c8e-9a53-1f2d3c4b5a69',
  submittedByEmpNo: '',
  createdAt: '2025-06-01 09:00',
  waitedDays: 4,
  isOverdue: true,
  assigneeEmpNo: null,
  assigneeName: null,
  answer: '',
};
const CANDIDATE = {
  id: 21,
  bu: 'HZ',
  userName: '王芳',
  userAge: 24,
  positionApply: '装配工',
  filePath: '/api/files/3e1b6c1e-8a55-4c8e-9a53-1f2d3c4b5a69',
  referrerEmpNo: '100023',
  referrerName: '刘洋',
  status: 'REGISTERED',
  createdAt: '2025-06-02 10:00',
  waitedDays: 1,
  isOverdue: false,
  assigneeEmpNo: '900002',
  assigneeName: '孙丽',
  answer: '',
};
const FEEDBACK = {
  id: 31,
  type: 'AppMeals',
  bu: 'HZ',
  empNo: '100031',
  empName: '赵敏',
  deptName: '冲压车间',
  description: '本月餐费扣了两次',
  createdAt: '2026-11-20 08:10',
  waitedDays: 7,
  isOverdue: true,
  assigneeEmpNo: null,
  assigneeName: null,
  answer: null,
  answeredAt: null,
};
const paged = (rows: unknown[]) => ({ body: { result: true, msg: '', data: rows, totalCount: rows.length } });

const serve = (extra: Record<string, FakeHandler> = {}) =>
  fakeServer({
    'Proposal/GetProposalList': () => paged([PROPOSAL]),
    'RecruitmentRegister/GetCandidateList': () => paged([CANDIDATE]),
    'Proposal/SetProposalStatus': () => ok(null),
    'RecruitmentRegister/SetCandidateStatus': () => ok(null),
    'Inbox/GetFeedbackList': () => paged([FEEDBACK]),
    'Inbox/AnswerFeedback': () => ok(null, '已答复，员工会收到消息'),
    'Inbox/GetAssignees': () =>
      ok([
        { empNo: '900002', name: '孙丽' },
        { empNo: '900005', name: '钱军' },
      ]),
    'Inbox/Assign': () => ok(null, '已分派'),
    ...extra,
  });

const renderPage = () =>
  renderScreen(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <SubmissionsPage />
    </ConfigProvider>,
    { path: '/submissions' },
  );

const bodiesOf = (calls: { path: string; body: Record<string, unknown> }[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body);

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
};

// antd's tables and selects are slow to mount in jsdom.
describe('SubmissionsPage', { timeout: 90_000 }, () => {
  it('lists the proposals with who sent them, where, the attachment and the status', async () => {
    const { calls } = serve();
    renderPage();
    const row = await rowOf('料架标识');
    expect(within(row).getByText('改善提案')).toBeInTheDocument();
    expect(within(row).getByText('料架标识不清')).toBeInTheDocument();
    expect(within(row).getByText('总装车间 · 一班 · 协助：设备科')).toBeInTheDocument();
    expect(within(row).getByText('张伟（100001）')).toBeInTheDocument();
    expect(within(row).getByText('未登录提交')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '附件' })).toHaveAttribute('href', PROPOSAL.filePath);
    expect(within(row).getByText('待处理')).toBeInTheDocument();
    expect(bodiesOf(calls, 'Proposal/GetProposalList')).toEqual([
      { bu: '', month: '', age: '', assignee: '', kind: '', status: '', CurrentPage: 1, PageSize: 20 },
    ]);
    expect(within(row).getByText('4 天')).toBeInTheDocument();
    expect(within(row).getByText('超时')).toBeInTheDocument();
    expect(screen.getByText('导出 CSV').closest('a')).toHaveAttribute('href', '/api/export/proposals.csv');
  });

  it('filters by plant and kind, and the CSV export follows the filter', async () => {
    const { calls } = serve();
    renderPage();
    await rowOf('料架标识');
    await pick('工厂', 'HZ');
    await waitFor(() => expect(bodiesOf(calls, 'Proposal/GetProposalList')).toHaveLength(2));
    await pick('提案类型', '学习提案');
    await waitFor(() => expect(bodiesOf(calls, 'Proposal/GetProposalList')).toHaveLength(3));
    await pick('状态', '已采纳');
    await waitFor(() => expect(bodiesOf(calls, 'Proposal/GetProposalList')).toHaveLength(4));
    await pick('等待时长', '超时未处理');
    await waitFor(() => expect(bodiesOf(calls, 'Proposal/GetProposalList')).toHaveLength(5));
    await pick('处理人', '分派给我');
    await waitFor(() => expect(bodiesOf(calls, 'Proposal/GetProposalList')).toHaveLength(6));
    expect(bodiesOf(calls, 'Proposal/GetProposalList').at(-1)).toEqual({
      bu: 'HZ',
      month: '',
      age: 'overdue',
      assignee: 'mine',
      kind: 'STUDY',
      status: 'ACCEPTED',
      CurrentPage: 1,
      PageSize: 20,
    });
    expect(screen.getByText('导出 CSV').closest('a')).toHaveAttribute(
      'href',
      '/api/export/proposals.csv?bu=HZ&age=overdue&assignee=mine&kind=STUDY&status=ACCEPTED',
    );
  });

  it('sets a proposal’s status where it stands and reads the list again', async () => {
    const { calls } = serve();
    renderPage();
    await rowOf('料架标识');
    await pick('状态（11）', '已采纳');
    await waitFor(() =>
      expect(bodiesOf(calls, 'Proposal/SetProposalStatus')).toEqual([{ id: 11, status: 'ACCEPTED' }]),
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ content: '状态已更新', kind: 'success' }));
    await waitFor(() => expect(bodiesOf(calls, 'Proposal/GetProposalList')).toHaveLength(2));
  });

  it('tells a refused status once, in the words of the page', async () => {
    serve({ 'Proposal/SetProposalStatus': () => fail('无权操作该工厂的数据') });
    renderPage();
    await rowOf('料架标识');
    await pick('状态（11）', '未采纳');
    // Told once, by the query client's MutationCache, in the page's words.
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({ content: '状态更新失败：无权操作该工厂的数据', kind: 'fail' }),
    );
    expect(showToast).toHaveBeenCalledTimes(1);
  });

  it('lists the referred candidates under their tab and sets their status', async () => {
    const { calls } = serve();
    renderPage();
    await rowOf('料架标识');
    fireEvent.click(screen.getByText('推荐候选人'));
    const row = await rowOf('王芳');
    expect(within(row).getByText('装配工')).toBeInTheDocument();
    expect(within(row).getByText('24 岁')).toBeInTheDocument();
    expect(within(row).getByText('刘洋（100023）')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '简历' })).toHaveAttribute('href', CANDIDATE.filePath);
    expect(bodiesOf(calls, 'RecruitmentRegister/GetCandidateList')).toEqual([
      { bu: '', month: '', age: '', assignee: '', status: '', CurrentPage: 1, PageSize: 20 },
    ]);
    expect(screen.getByText('导出 CSV').closest('a')).toHaveAttribute('href', '/api/export/candidates.csv');
    // Its colleague shown by name.
    expect(within(row).getByText('孙丽（900002）')).toBeInTheDocument();
    await pick('状态（21）', '已录用');
    await waitFor(() =>
      expect(bodiesOf(calls, 'RecruitmentRegister/SetCandidateStatus')).toEqual([{ id: 21, status: 'HIRED' }]),
    );
  });

  it('lists the workers’ feedback, longest waiting flagged, and answers one', async () => {
    let answered = false;
    const { calls } = serve({
      'Inbox/GetFeedbackList': () =>
        paged([
          answered
            ? { ...FEEDBACK, answer: '已退回多扣的餐费', answeredAt: '2026-11-27 09:00', isOverdue: false }
            : FEEDBACK,
        ]),
      'Inbox/AnswerFeedback': () => {
        answered = true;
        return ok(null, '已答复，员工会收到消息');
      },
    });
    renderPage();
    await rowOf('料架标识');
    fireEvent.click(screen.getByText('意见反馈'));
    const row = await rowOf('本月餐费扣了两次');
    expect(within(row).getByText('7 天')).toBeInTheDocument();
    expect(within(row).getByText('超时')).toBeInTheDocument();
    expect(within(row).getByText('赵敏（100031）')).toBeInTheDocument();
    expect(within(row).getByText('餐费')).toBeInTheDocument();
    expect(screen.queryByText('导出 CSV')).not.toBeInTheDocument();
    expect(bodiesOf(calls, 'Inbox/GetFeedbackList')).toEqual([
      { bu: '', month: '', age: '', assignee: '', type: '', status: '', CurrentPage: 1, PageSize: 20 },
    ]);

    fireEvent.click(within(row).getByRole('button', { name: '答复 赵敏 的反馈' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '发送答复' }));
    expect(await within(dialog).findByText('请填写答复')).toBeInTheDocument();
    expect(bodiesOf(calls, 'Inbox/AnswerFeedback')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '答复' }), {
      target: { value: ' 已退回多扣的餐费 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '发送答复' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'Inbox/AnswerFeedback')).toEqual([{ id: 31, answer: '已退回多扣的餐费' }]),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ content: '已答复，员工会收到消息' })),
    );
    expect(await screen.findByText('已答复（2026-11-27 09:00）')).toBeInTheDocument();
  });

  it('assigns a proposal to a colleague of its plant and reads the list again', async () => {
    const { calls } = serve();
    renderPage();
    await rowOf('料架标识');
    await waitFor(() => expect(bodiesOf(calls, 'Inbox/GetAssignees')).toEqual([{ bu: 'HZ' }]));
    await pick('处理人（编号 11）', '钱军（900005）');
    await waitFor(() =>
      expect(bodiesOf(calls, 'Inbox/Assign')).toEqual([{ kind: 'proposal', id: 11, assigneeEmpNo: '900005' }]),
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ content: '已分派' })));
    await waitFor(() => expect(bodiesOf(calls, 'Proposal/GetProposalList')).toHaveLength(2));
  });

  it('answers a candidate’s referrer with the status it has', async () => {
    const { calls } = serve();
    renderPage();
    await rowOf('料架标识');
    fireEvent.click(screen.getByText('推荐候选人'));
    const row = await rowOf('王芳');
    fireEvent.click(within(row).getByRole('button', { name: '答复推荐人（编号 21）' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '发送答复' }));
    expect(await within(dialog).findByText('请填写答复')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '答复' }), { target: { value: '下周一面试' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发送答复' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'RecruitmentRegister/SetCandidateStatus')).toEqual([
        { id: 21, status: 'REGISTERED', answer: '下周一面试' },
      ]),
    );
  });

  it('opens with the tab and filter a dashboard link gives, and ignores what it does not know', async () => {
    const { calls } = serve();
    renderScreen(<SubmissionsPage />, {
      path: '/submissions',
      at: '/submissions?tab=feedback&bu=HZ&status=unanswered&age=overdue&assignee=everyone',
    });
    await rowOf('本月餐费扣了两次');
    expect(bodiesOf(calls, 'Inbox/GetFeedbackList')).toEqual([
      {
        bu: 'HZ',
        month: '',
        age: 'overdue',
        assignee: '',
        type: '',
        status: 'unanswered',
        CurrentPage: 1,
        PageSize: 20,
      },
    ]);
    expect(bodiesOf(calls, 'Proposal/GetProposalList')).toEqual([]);
  });

  it('shows a list that failed to load with 重试', async () => {
    let isDown = true;
    serve({ 'Proposal/GetProposalList': () => (isDown ? fail('服务暂不可用') : paged([PROPOSAL])) });
    renderPage();
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    isDown = false;
    fireEvent.click((await screen.findByText('重试', { selector: 'button span' })).closest('button') as HTMLElement);
    expect(await rowOf('料架标识')).toBeInTheDocument();
  });
});
