import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import ResetPasswordPage from './reset-password-page';

const SPENT = '重置链接无效或已过期，请联系人事重新获取';

describe('ResetPasswordPage', () => {
  it('toasts the server message of a refused code once and keeps 重置失败 on the page', async () => {
    const { calls } = fakeServer({ 'Account/ResetPassword': () => fail(SPENT) }, { isSignedIn: false });
    renderScreen(<ResetPasswordPage />, { path: '/home/reset-password', at: '/home/reset-password?code=spent' });
    expect(await screen.findByText('重置失败')).toBeInTheDocument();
    expect(await screen.findByText(SPENT)).toBeInTheDocument();
    // Whatever settles later, the message stays a single toast.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(SPENT)).toHaveLength(1);
    expect(calls.map((call) => call.body)).toEqual([{ code: 'spent' }]);
    expect(screen.queryByRole('button', { name: '重新提交' })).not.toBeInTheDocument();
  });

  it('tells the worker what to sign in with: the account and the initial password, to be changed', async () => {
    fakeServer(
      {
        'Account/ResetPassword': () => ok({ empNo: 'F1001', initialPassword: 'init-8341' }, '密码已重置，请关闭本页面'),
      },
      { isSignedIn: false },
    );
    renderScreen(<ResetPasswordPage />, { path: '/home/reset-password', at: '/home/reset-password?code=good' });
    expect(await screen.findByText('密码已重置')).toBeInTheDocument();
    expect(screen.getByText('请用以下账号和初始密码登录，登录后须立即设置新密码。')).toBeInTheDocument();
    expect(screen.getByText('F1001')).toBeInTheDocument();
    expect(screen.getByText('init-8341')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去登录' })).toBeInTheDocument();
  });
});
