import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import MyWorkPage from './my-work-page';
import SkillEvaluationPage from './skill-evaluation-page';
import { FILE, row } from './test-fixtures';
import TitleEvaluationPage from './title-evaluation-page';

afterEach(() => vi.unstubAllGlobals());

const WORK = row({
  id: 31,
  cerType: 'CER04',
  schoolName: '南通华达机械有限公司',
  title: '装配工',
  cerStartDate: '2019-07-01',
  cerEndDate: '2023-06-30',
  quitReason: '个人发展',
  personalSkill: '钳工、叉车证',
});

const serve = (rows: ReturnType<typeof row>[]) =>
  fakeServer({
    'TitleCerFile/GetTitleCerWithUnVerify': () => ok(rows),
    'SystemNotice/ModifyNotice': () => ok(null, '已提交审核,请勿重复提交'),
  });

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });
const currentUser = makeCurrentUser();

describe('/user/my-work', () => {
  it('tags a record of an edit waiting for review 待审核 and keeps 修改 off', async () => {
    const { calls } = serve([
      WORK,
      row({
        cerType: 'CER04',
        schoolName: '如皋精工汽配厂',
        title: '质检员',
        quitReason: '工厂搬迁',
        pendingAction: 'add',
      }),
    ]);
    renderScreen(<MyWorkPage />, { currentUser });
    const pending = (await screen.findByRole('heading', { name: '如皋精工汽配厂' })).closest('li') as HTMLElement;
    expect(within(pending).getByText('待审核')).toBeInTheDocument();
    expect(within(pending).getByText('新增')).toBeInTheDocument();
    const approved = screen.getByRole('heading', { name: '南通华达机械有限公司' }).closest('li') as HTMLElement;
    expect(within(approved).queryByText('待审核')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改' })).toBeDisabled();
    expect(calls[0]?.body).toEqual({ type: 'CER04' });
  });

  it("names the missing employer, position and quit reason in the contract's words", async () => {
    serve([]);
    const user = setup();
    renderScreen(<MyWorkPage />, { currentUser });
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '添加工作经历' }));
    const sheet = await screen.findByRole('dialog', { name: '添加工作经历' });
    await user.click(within(sheet).getByRole('button', { name: '确定' }));
    for (const message of ['请填写工作单位', '请填写职位', '请填写离职原因']) {
      expect(await within(sheet).findByText(message)).toBeInTheDocument();
    }
    expect(within(sheet).queryByText(/个人技能.*请/)).not.toBeInTheDocument();
    expect(await screen.findByText('请填写完整信息')).toBeInTheDocument();
  });

  it('sends the whole list: the kept record with its id, a changed one, a new one without id', async () => {
    const { calls } = serve([WORK, { ...WORK, id: 32, schoolName: '海门纺织厂', title: '挡车工' }]);
    const user = setup();
    renderScreen(<MyWorkPage />, { currentUser });
    await user.click(await screen.findByRole('button', { name: '修改' }));
    // Change the second, remove nothing, add one.
    await user.click(screen.getByRole('button', { name: '修改：海门纺织厂' }));
    let sheet = await screen.findByRole('dialog', { name: '修改工作经历' });
    await user.clear(within(sheet).getByLabelText(/^职位/));
    await user.type(within(sheet).getByLabelText(/^职位/), '班组长');
    await user.click(within(sheet).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改工作经历' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '添加工作经历' }));
    sheet = await screen.findByRole('dialog', { name: '添加工作经历' });
    await user.type(within(sheet).getByLabelText(/^工作单位/), '常州恒力机械厂');
    await user.type(within(sheet).getByLabelText(/^职位/), '焊工');
    await user.type(within(sheet).getByLabelText(/^离职原因/), '回乡发展');
    await user.click(within(sheet).getByRole('button', { name: '确定' }));
    await screen.findByRole('heading', { name: '常州恒力机械厂' });
    await user.click(screen.getByRole('button', { name: '提交审核' }));

    expect(await screen.findByText('已提交审核,请勿重复提交')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === 'SystemNotice/ModifyNotice');
    expect(sent?.body).toMatchObject({ NoticeType: 'APP_EDIT_WORK', NoticeTitle: '修改工作经历' });
    expect(JSON.parse(String(sent?.body.NoticeBody))).toEqual({
      records: [
        expect.objectContaining({ id: 31, title: '装配工', personalSkill: '钳工、叉车证' }),
        expect.objectContaining({ id: 32, title: '班组长' }),
        { schoolName: '常州恒力机械厂', title: '焊工', quitReason: '回乡发展', personalSkill: '' },
      ],
    });
  });
});

describe('/user/title-evaluation and /user/skill-evaluation', () => {
  it("needs a title's name and the date obtained; the certificate is optional", async () => {
    serve([]);
    const user = setup();
    renderScreen(<TitleEvaluationPage />, { currentUser });
    expect(await screen.findByText('暂无职称证书')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '添加职称证书' }));
    const sheet = await screen.findByRole('dialog', { name: '添加职称证书' });
    await user.click(within(sheet).getByRole('button', { name: '确定' }));
    expect(await within(sheet).findByText('请填写职称名称')).toBeInTheDocument();
    expect(within(sheet).getByText('请选择取得日期')).toBeInTheDocument();
    expect(within(sheet).getByText('证书文件（选填）')).toBeInTheDocument();
  });

  it('sends the skill list as APP_EDIT_TITLE of CER03, a removed record left out', async () => {
    const { calls } = serve([
      row({ id: 41, cerType: 'CER03', title: '焊工（中级）', cerEffDate: '2021-05-20', filePath: FILE(9) }),
      row({ id: 42, cerType: 'CER03', title: '叉车证', cerEffDate: '2020-03-01' }),
    ]);
    const user = setup();
    renderScreen(<SkillEvaluationPage />, { currentUser });
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '删除：叉车证' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '叉车证' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    await screen.findByText('已提交审核,请勿重复提交');
    const sent = calls.find((call) => call.path === 'SystemNotice/ModifyNotice');
    expect(sent?.body).toMatchObject({ NoticeType: 'APP_EDIT_TITLE', NoticeTitle: '修改技能信息' });
    expect(JSON.parse(String(sent?.body.NoticeBody))).toEqual({
      cerType: 'CER03',
      records: [{ id: 41, title: '焊工（中级）', cerEffDate: '2021-05-20', filePath: FILE(9) }],
    });
  });
});
