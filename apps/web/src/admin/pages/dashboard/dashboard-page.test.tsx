import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import DashboardPage from './dashboard-page';

// The charts draw on a canvas jsdom lacks; their figures in words are what this test reads.
vi.mock('./dashboard-charts', () => ({
  default: ({ plants }: { plants: { bu: string }[] }) => (
    <p>{`charts of ${plants.map((plant) => plant.bu).join(',')}`}</p>
  ),
}));

const NT = {
  bu: 'NT',
  pendingReviews: 3,
  inbox: {
    feedback: { open: 5, overdue: 2 },
    proposal: { open: 1, overdue: 0 },
    candidate: { open: 0, overdue: 0 },
  },
  imports: { month: '2026-11', jobs: 4, done: 3, failed: 1, rejectedRows: 12 },
  payslips: { month: '2026-10', status: 'published', employees: 200, read: 150, confirmed: 100, disputed: 2 },
  handbook: { label: '2026 版', employees: 200, accepted: 50 },
  notice: { title: '冬季安全', mustAcknowledge: true, audience: 80, read: 60, acknowledged: 40 },
  exam: { id: 7, title: '十一月安全考试', isOpen: true, audience: 40, submitted: 30, passed: 27 },
  study: {
    materialId: 4,
    title: '冲压岗位安全',
    isRequired: true,
    dueAt: '2026-11-30 18:00',
    audience: 50,
    done: 20,
    overdue: 5,
  },
};
const HZ = {
  ...NT,
  bu: 'HZ',
  payslips: null,
  handbook: null,
  notice: null,
  exam: null,
  study: null,
  pendingReviews: 0,
};

const SESSION = { id: 1, empNo: '900001', name: '管理员', roles: ['HRAdmin'], adminPlants: ['NT', 'HZ'] };

describe('DashboardPage', { timeout: 30_000 }, () => {
  it('shows each plant’s figures, each leading to the list behind it', async () => {
    const { calls } = fakeServer({ 'Console/GetDashboard': () => ok([NT, HZ]) });
    renderScreen(<DashboardPage session={SESSION as never} />, { path: '/dashboard' });
    const nt = (await screen.findAllByText('待审核资料修改'))[0]?.closest('.ant-card') as HTMLElement;
    expect(within(nt).getByText('3')).toBeInTheDocument();
    // Without AppVerify the reviews are a figure, not a link.
    expect(within(nt).getByText('待审核资料修改').closest('a')).toBeNull();
    expect(within(nt).getByText('意见反馈').closest('a')).toHaveAttribute(
      'href',
      '/submissions?tab=feedback&bu=NT&status=unanswered',
    );
    expect(within(nt).getByText('其中超时 2').closest('a')).toHaveAttribute(
      'href',
      '/submissions?tab=feedback&bu=NT&status=unanswered&age=overdue',
    );
    expect(within(nt).getByText('失败 1 · 被拒绝的行 12')).toBeInTheDocument();
    expect(within(nt).getByText('2026-10 工资单').closest('a')).toHaveAttribute('href', '/batches');
    expect(within(nt).getByText('已确认 100 / 200 · 已查看 150 · 有疑问 2')).toBeInTheDocument();
    expect(within(nt).getByText('员工手册 2026 版').closest('a')).toHaveAttribute('href', '/handbook');
    expect(within(nt).getByText('25%')).toBeInTheDocument();
    expect(within(nt).getByText('已确认 40 / 80')).toBeInTheDocument();
    expect(within(nt).getByText('进行中的考试：十一月安全考试').closest('a')).toHaveAttribute('href', '/papers');
    expect(within(nt).getByText('已交卷 30 / 40 · 及格 27')).toBeInTheDocument();
    expect(within(nt).getByText('最新学习任务：冲压岗位安全').closest('a')).toHaveAttribute('href', '/materials');
    expect(within(nt).getByText('40%')).toBeInTheDocument();
    expect(within(nt).getByText('· 逾期 5')).toBeInTheDocument();
    const hz = screen.getAllByText('待审核资料修改')[1]?.closest('.ant-card') as HTMLElement;
    expect(within(hz).getByText('尚未发布工资单')).toBeInTheDocument();
    expect(within(hz).getByText('尚无生效的员工手册')).toBeInTheDocument();
    expect(within(hz).getByText('暂无已开始的考试')).toBeInTheDocument();
    expect(within(hz).getByText('暂无学习任务')).toBeInTheDocument();
    expect(await screen.findByText('charts of NT,HZ')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ bu: '' }]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '工厂' }));
    fireEvent.click(await screen.findByTitle('HZ'));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ bu: '' }, { bu: 'HZ' }]));
  });
});
