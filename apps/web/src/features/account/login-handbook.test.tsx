// Signing in when the handbook version current for the worker's plant is not accepted yet (a new version HR
// published): the sign-in answer says so, and the worker goes to home, whose dialog asks for that version before
// anything else, wherever the sign-in was meant to lead. Accepted, the sign-in leads where it was meant to.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../test/render';
import LoginPage from './login-page';

const LOGIN = {
  token: 'access',
  refreshToken: 'refresh',
  userAccount: '100001',
  userName: '张伟',
  id: 1,
  baseBu: 'NT',
  deptName: '总装车间',
  titleName: '操作工',
};
const VERSION = { id: 7, label: '2026 修订版', effectiveDate: '2026-03-01', url: '/api/handbook/7.pdf' };

afterEach(() => vi.unstubAllGlobals());

const signIn = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('账号'), '100001');
  await user.type(screen.getByLabelText('密码'), 'demo1234');
  await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }));
  await user.click(screen.getByRole('button', { name: '登录' }));
};

describe('LoginPage and the current handbook version', () => {
  it.each([
    ['not accepted: home, whose dialog asks for it', 'N', '/home'],
    ['accepted: the redirect', 'Y', '/salary/my-salary'],
  ])('%s', async (_name, appReadStatus, landing) => {
    fakeServer(
      { 'Account/CheckLogin': () => ok({ ...LOGIN, appReadStatus, handbook: VERSION }) },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, {
      path: '/login',
      at: '/login?redirect=%2Fsalary%2Fmy-salary',
      extraRoutes: ['/salary/my-salary', '/home'],
    });
    await signIn(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(landing));
    expect(screen.getByText(`screen ${landing}`)).toBeInTheDocument();
  });
});
