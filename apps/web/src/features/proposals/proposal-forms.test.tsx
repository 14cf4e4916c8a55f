// The public proposal forms: the plant overlay before the improvement form, the departments of the plant picked,
// the spec's messages, the modify JSON sent; the ADJUST/STUDY tabs switching the department field.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import ProposalImprovePage from './proposal-improve-page';
import ProposalStudyPage from './proposal-study-page';

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing what a test's sign-in left.
  for (const name of ['ess_token', 'ess_refresh', 'ess_user']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

const lookups = {
  'Home/GetImproveDeptInfo': (body: Record<string, unknown>) =>
    ok(
      body.bu === 'NT'
        ? [
            { deptNo: 'NT-D01', deptName: '总装车间', bu: 'NT' },
            { deptNo: 'GT-D01', deptName: '总装车间', bu: 'GT' },
          ]
        : [{ deptNo: 'HZ-D01', deptName: '涂装车间', bu: 'HZ' }],
    ),
  'EmployeeBasic/GetImproveTeamData': () => ok([{ teamNo: 'NT-T01', teamName: '班组1', bu: 'NT' }]),
};

describe('the improvement proposal', () => {
  it('asks for the plant in an overlay first, then loads that plant’s departments', async () => {
    const { calls } = fakeServer(lookups, { isSignedIn: false });
    const user = userEvent.setup();
    renderScreen(<ProposalImprovePage />);
    const overlay = screen.getByRole('dialog', { name: '请选择提案工厂' });
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '南通商用车' }));
    expect(overlay).not.toBeInTheDocument();
    expect(screen.getByText('工厂：南通商用车')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.body)).toContainEqual({ bu: 'NT' }));
    await user.click(screen.getByRole('button', { name: '切换工厂' }));
    expect(screen.getByRole('dialog', { name: '请选择提案工厂' })).toBeInTheDocument();
  });

  it('names every missing field in the spec’s words and sends nothing', async () => {
    const { calls } = fakeServer(lookups, { isSignedIn: false });
    const user = userEvent.setup();
    renderScreen(<ProposalImprovePage />);
    await user.click(screen.getByRole('button', { name: '杭州' }));
    await user.click(screen.getByRole('button', { name: '提交' }));
    for (const message of ['请填写提案名称', '请填写员工姓名', '请填写员工工号', '请填写提案内容', '请填写改善建议']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // The pickers' own placeholders carry the same words; their messages show as well.
    expect((await screen.findAllByText('请选择提案部门')).length).toBeGreaterThan(1);
    expect(calls.filter((call) => call.path === 'TrainMaterial/ModifyProposalImproveDetail')).toHaveLength(0);
  });

  it('fills and locks the name and number of a signed-in worker', async () => {
    fakeServer(lookups);
    renderScreen(<ProposalImprovePage />, {
      currentUser: makeCurrentUser({ userName: '张伟', userAccount: '100001' }),
    });
    await waitFor(() => expect(screen.getByPlaceholderText('请填写员工工号')).toHaveValue('100001'));
    expect(screen.getByPlaceholderText('请填写员工姓名')).toHaveValue('张伟');
    expect(screen.getByPlaceholderText('请填写员工工号')).toBeDisabled();
  });
});

describe('the rectification / learning proposal', () => {
  it('shows the department for 整改 only and sends the type of the tab', async () => {
    const { calls } = fakeServer(
      {
        'Home/GetDeptInfo': () => ok([{ deptNo: 'BJ-D01', deptName: '总装车间', bu: 'BJ' }]),
        'ToolSysCollection/AddProposalStudy': () => ok(null, '提交成功'),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<ProposalStudyPage />);
    expect(screen.getByRole('button', { name: /^整改部门：/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findAllByText('请选择整改部门')).toHaveLength(2);
    expect(screen.getAllByText('请选择提交工厂').length).toBeGreaterThan(1);
    expect(screen.getAllByText('请选择类别').length).toBeGreaterThan(1);
    expect(screen.getByText('请填写提出人')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '学习' }));
    expect(screen.queryByRole('button', { name: /^整改部门：/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'ToolSysCollection/AddProposalStudy')).toHaveLength(0);
  });
});
