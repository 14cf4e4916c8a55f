import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import MyEducationPage from './my-education-page';
import { dictionaryHandler, EDUCATIONS, EMPLOYEE_INFO, EMPTY_INFO, row } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const serve = ({
  info = EMPLOYEE_INFO,
  educations = EDUCATIONS,
  onSubmit = () => ok(null, '已提交审核,请勿重复提交'),
} = {}) =>
  fakeServer({
    'EmployeeInduction/GetEmployeeInfo': () => ok(info),
    'TitleCerFile/GetTitleCerWithUnVerify': () => ok(educations),
    'Home/GetStateBaseInfo': dictionaryHandler,
    'SystemNotice/ModifyNotice': onSubmit,
  });

const renderPage = () =>
  renderScreen(<MyEducationPage />, { path: '/user/my-education', currentUser: makeCurrentUser() });

describe('个人信息 as read', () => {
  it('shows the base data with dictionary names and the education list, asking for the caller only', async () => {
    const { calls } = serve();
    renderPage();
    expect(await screen.findByText('南通职业大学')).toBeInTheDocument();
    expect(screen.getByText('3206**********1236')).toBeInTheDocument();
    expect(await screen.findByText('农村户口')).toBeInTheDocument();
    expect(screen.getByText('共青团员')).toBeInTheDocument();
    expect(screen.getByText('未婚')).toBeInTheDocument();
    expect(screen.getByText('大专')).toBeInTheDocument();
    const query = calls.find((call) => call.path === 'EmployeeInduction/GetEmployeeInfo')?.body.query;
    expect(JSON.parse(String(query))).toEqual({ EmpName: '张伟', bu: 'NT', EmpNo: '100001' });
    expect(calls.find((call) => call.path === 'TitleCerFile/GetTitleCerWithUnVerify')?.body).toEqual({ type: 'CER01' });
    expect(screen.getByRole('button', { name: '修改' })).toBeEnabled();
  });

  it('tags the records of an edit waiting for review 待审核 and turns 修改 off', async () => {
    serve({
      info: {
        ...EMPLOYEE_INFO,
        pendingChangeRequest: { id: 5, kind: 'APP_EDIT_PERSON', submittedAt: '2025-06-01 09:30' },
      },
      educations: [
        ...EDUCATIONS,
        row({
          major: '05',
          title: '机械工程',
          schoolName: '南通理工学院',
          cerStartDate: '2020-09-01',
          cerEndDate: '2024-06-30',
          pendingAction: 'add',
        }),
      ],
    });
    renderPage();
    const card = (await screen.findByRole('heading', { name: '南通理工学院' })).closest('li') as HTMLElement;
    expect(within(card).getByText('待审核')).toBeInTheDocument();
    expect(within(card).getByText('新增')).toBeInTheDocument();
    expect(screen.getAllByText('待审核')).toHaveLength(1);
    expect(screen.getByText(/您提交的修改正在审核中/)).toBeInTheDocument();
    expect(screen.getByText('提交时间：2025-06-01 09:30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改' })).toBeDisabled();
  });

  it('says how to try again when the records fail to load', async () => {
    fakeServer({
      'EmployeeInduction/GetEmployeeInfo': () => fail('员工信息不存在'),
      'TitleCerFile/GetTitleCerWithUnVerify': () => ok(EDUCATIONS),
      'Home/GetStateBaseInfo': dictionaryHandler,
    });
    renderPage();
    expect(await screen.findByText('加载失败，请下拉重新加载')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('员工信息不存在');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});

describe('个人信息 being edited', () => {
  it('asks for an education record first: 请添加学历', async () => {
    const { calls } = serve({ educations: [] });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请添加学历')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'SystemNotice/ModifyNotice')).toHaveLength(0);
  });

  it("names every missing field in the contract's words", async () => {
    const { calls } = serve({ info: EMPTY_INFO });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    for (const message of [
      '请填写身份证号码',
      '请填写联系电话',
      '请填写现居住地',
      '请选择户口类型',
      '请填写身高',
      '请填写体重',
      '请选择政治面貌',
      '请选择婚姻状况',
      '请输入紧急联系人姓名',
      '请输入联系方式',
      '请上传身份证正面照片',
      '请上传身份证反面照片',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^联系电话/), '12345678901');
    expect(await screen.findByText('请填写正确的手机号码（11 位，13–19 开头）')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^身高/), 'abc');
    expect(await screen.findByText('身高应为数字')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '电子签名确认' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'SystemNotice/ModifyNotice')).toHaveLength(0);
  });

  it('offers 生育状况 only to the married, with height and weight on the number pad', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    expect(screen.getByLabelText(/^身高/)).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText(/^体重/)).toHaveAttribute('inputmode', 'decimal');
    expect(screen.queryByRole('button', { name: /^生育状况：/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '已婚' }));
    expect(await screen.findByRole('button', { name: '生育状况：请选择' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '未婚' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^生育状况：/ })).not.toBeInTheDocument());
  });

  it('sends base data and education list after the e-signature agreement, whose button waits for the tick', async () => {
    const { calls } = serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.clear(screen.getByLabelText(/^联系电话/));
    await user.type(screen.getByLabelText(/^联系电话/), '13900001111');
    await user.click(screen.getByRole('button', { name: '保存' }));

    const agreement = await screen.findByRole('dialog', { name: '电子签名确认' });
    const confirm = within(agreement).getByRole('button', { name: '同意并提交' });
    expect(confirm).toBeDisabled();
    await user.click(within(agreement).getByRole('checkbox', { name: '我已阅读并同意以上内容' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('已提交审核,请勿重复提交')).toBeInTheDocument();
    const sent = calls.filter((call) => call.path === 'SystemNotice/ModifyNotice');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]?.body).toMatchObject({ NoticeType: 'APP_EDIT_PERSON', NoticeTitle: '修改个人信息' });
    const body = JSON.parse(String(sent[0]?.body.NoticeBody));
    // The masked number as shown means "unchanged"; height and weight go as numbers; birth status only if married.
    expect(body.base).toMatchObject({
      empCard: '3206**********1236',
      empTelNo: '13900001111',
      empHeight: 172,
      empWeight: 65,
      isMarry: 'N',
      empCardScanUp: EMPLOYEE_INFO.empCardScanUp,
    });
    expect(body.base.hasBirth).toBeUndefined();
    expect(body.educations).toEqual([
      expect.objectContaining({ id: 11, schoolName: '南通市第一中学', major: '02', cerEndDate: '2016-06-30' }),
      expect.objectContaining({ id: 12, schoolName: '南通职业大学' }),
    ]);
    // Back to reading.
    expect(await screen.findByRole('button', { name: '修改' })).toBeInTheDocument();
  });

  it('replaces the masked ID card number whole when it is edited', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    const card = screen.getByLabelText(/^身份证号码/);
    expect(card).toHaveValue('3206**********1236');
    await user.type(card, '3');
    expect(card).toHaveValue('3');
    // Cleared, it stays empty: the form then asks for the number instead of taking it as unchanged.
    await user.clear(card);
    await user.tab();
    expect(card).toHaveValue('');
  });

  it('removes a record after asking, and refuses the list when it is left empty', async () => {
    const { calls } = serve({ educations: [EDUCATIONS[0] as (typeof EDUCATIONS)[number]] });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '删除：南通市第一中学' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '删除记录' })).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(screen.queryByText('南通市第一中学')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '删除记录' })).not.toBeInTheDocument());
    expect(screen.getByText('暂无学历')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请添加学历')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'SystemNotice/ModifyNotice')).toHaveLength(0);
  });
});

describe('leaving the edit mode', () => {
  it('goes back at once when nothing changed, and asks before dropping changes', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByRole('button', { name: '修改' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '修改' }));
    await user.type(screen.getByLabelText(/^现居住地/), '（东门）');
    await user.click(screen.getByRole('button', { name: '取消' }));
    const confirm = await screen.findByRole('dialog', { name: '放弃修改' });
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(screen.getByLabelText(/^现居住地/)).toHaveValue('江苏省南通市崇川区工农路 88 号（东门）');
  });
});

describe('the education sheet', () => {
  it("names what is missing in the contract's words and toasts 请填写完整信息", async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '添加学历' }));
    const sheet = await screen.findByRole('dialog', { name: '添加学历' });
    await user.click(within(sheet).getByRole('button', { name: '确定' }));
    for (const message of ['请选择学历', '请填写专业', '请填写学校', '请选择开始日期', '请选择结束日期']) {
      expect(await within(sheet).findByText(message)).toBeInTheDocument();
    }
    expect(await screen.findByText('请填写完整信息')).toBeInTheDocument();
    // The diploma is optional; PDFs are taken too, from the camera or the album.
    expect(within(sheet).getByRole('button', { name: '拍照：毕业证书' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: '选择图片或 PDF：毕业证书' })).toBeInTheDocument();
  });

  it('refuses an end date before the start date', async () => {
    serve({
      educations: [
        row({
          id: 21,
          major: '02',
          title: '理科',
          schoolName: '某中学',
          cerStartDate: '2016-09-01',
          cerEndDate: '2013-06-30',
        }),
      ],
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '修改：某中学' }));
    const sheet = await screen.findByRole('dialog', { name: '修改学历' });
    expect(within(sheet).getByRole('button', { name: '开始日期：2016-09-01' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: '确定' }));
    expect(await within(sheet).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
  });

  it('keeps what was typed when the sheet is closed and opened again', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '添加学历' }));
    let sheet = await screen.findByRole('dialog', { name: '添加学历' });
    await user.type(within(sheet).getByLabelText(/^学校/), '南通理工学院');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添加学历' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '添加学历' }));
    sheet = await screen.findByRole('dialog', { name: '添加学历' });
    expect(within(sheet).getByLabelText(/^学校/)).toHaveValue('南通理工学院');
  });
});
