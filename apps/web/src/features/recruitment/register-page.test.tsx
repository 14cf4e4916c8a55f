// /register: the referrer from the link, the spec's messages, and after a registration the cookie flag and the
// form replaced by 信息已提交,请耐心等待, also on the next visit.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import RegisterPage from './register-page';

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the flag a test set.
  document.cookie = 'ess_registered=; Max-Age=0; Path=/';
});

const fillForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByPlaceholderText('请填写姓名'), '陈小红');
  await user.type(screen.getByPlaceholderText('请填写年龄'), '24');
  await user.type(screen.getByPlaceholderText('请填写应聘岗位'), '装配工');
  await user.upload(
    screen.getByTestId('resume-input'),
    new File(['%PDF-1.4'], '简历.pdf', { type: 'application/pdf' }),
  );
  await screen.findByText('简历.pdf');
};

describe('RegisterPage', () => {
  it('names the missing fields and refuses an age that is not digits', async () => {
    fakeServer({}, { isSignedIn: false });
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { path: '/register', at: '/register?empNo=100082' });
    expect(screen.getByText('推荐人工号：100082')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '提交' }));
    for (const message of ['请填写姓名', '请填写年龄', '请填写应聘岗位', '请上传简历']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByPlaceholderText('请填写年龄'), '二十');
    expect(await screen.findByText('年龄只能填写数字')).toBeInTheDocument();
  });

  it('refuses a résumé of another type as a file, not as a picture', async () => {
    const { calls } = fakeServer({}, { isSignedIn: false });
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<RegisterPage />, { path: '/register', at: '/register?empNo=100082' });
    await user.upload(screen.getByTestId('resume-input'), new File(['<html>'], '简历.html', { type: 'text/html' }));
    expect(await screen.findByText('上传文件失败，请选择 Word 或 PDF 文件')).toBeInTheDocument();
    expect(screen.queryByText(/上传图片失败/)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'upload/UploadPublicFile')).toHaveLength(0);
  });

  it('registers with the referrer of the link, sets the flag and replaces the form, also on the next visit', async () => {
    const { calls } = fakeServer(
      {
        'upload/UploadPublicFile': () => ok('/api/files/00000000-0000-4000-8000-000000000001', '上传成功'),
        'RecruitmentRegister/InsertRecruitmentRegister': () => ok(null, '信息已提交,请耐心等待'),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    const { unmount } = renderScreen(<RegisterPage />, { path: '/register', at: '/register?empNo=100082' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('信息已提交,请耐心等待')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === 'RecruitmentRegister/InsertRecruitmentRegister');
    expect(JSON.parse(String(sent?.body.modify))).toEqual({
      UserName: '陈小红',
      UserAge: '24',
      PositionApply: '装配工',
      FilePath: '/api/files/00000000-0000-4000-8000-000000000001',
      ReferrerEmp: '100082',
    });
    expect(document.cookie).toContain('ess_registered=1');
    expect(screen.queryByPlaceholderText('请填写姓名')).not.toBeInTheDocument();
    unmount();
    renderScreen(<RegisterPage />, { path: '/register', at: '/register?empNo=100082' });
    expect(screen.getByText('信息已提交,请耐心等待')).toBeInTheDocument();
  });

  it('keeps the form and shows the server’s message for an unknown referrer', async () => {
    fakeServer(
      {
        'upload/UploadPublicFile': () => ok('/api/files/00000000-0000-4000-8000-000000000002', '上传成功'),
        'RecruitmentRegister/InsertRecruitmentRegister': () => fail('推荐人工号不存在，请向推荐人确认推荐链接'),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { path: '/register', at: '/register?empNo=999999' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('推荐人工号不存在，请向推荐人确认推荐链接')).toBeInTheDocument();
    await waitFor(() => expect(document.cookie).not.toContain('ess_registered=1'));
    expect(screen.getByPlaceholderText('请填写姓名')).toBeInTheDocument();
  });
});
