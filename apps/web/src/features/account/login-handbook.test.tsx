// Signing in when the handbook version current for the worker's plant is not accepted yet (a new version HR
// published): the sign-in screen shows that version and goes on only once it is accepted, with the version's id.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import LoginPage from './login-page';

// The viewer itself (pdf.js) is the e2e tests' part: here, which document it was given.
vi.mock('../../components/pdf-viewer', () => {
  const Viewer = ({ url, title }: { url: string; title: string }) => <p data-testid="pdf">{`${title} ${url}`}</p>;
  return { PdfViewer: Viewer, default: Viewer };
});

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

describe('LoginPage with a handbook version to accept', () => {
  it('shows the current version, and goes on to the redirect once it is accepted', async () => {
    const { calls } = fakeServer(
      {
        'Account/CheckLogin': () => ok({ ...LOGIN, appReadStatus: 'N', handbook: VERSION }),
        'Home/ModifyReadStatus': () => ok(null),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, {
      path: '/login',
      at: '/login?redirect=%2Fsalary%2Fmy-salary',
      extraRoutes: ['/salary/my-salary', '/home'],
    });
    await signIn(user);
    const dialog = await screen.findByRole('dialog', { name: '员工手册' });
    expect(dialog).toHaveTextContent('请阅读《员工手册》（2026 修订版，2026-03-01 起施行），勾选同意后确认');
    expect(screen.getByTestId('pdf')).toHaveTextContent('员工手册（2026 修订版） /api/handbook/7.pdf');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    const confirm = screen.getByRole('button', { name: '确认' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' }));
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/salary/my-salary'));
    expect(calls.map((call) => call.path)).toEqual(['Account/CheckLogin', 'Home/ModifyReadStatus']);
    expect(calls[1]?.body).toEqual({ readStatus: 'Y', versionId: 7 });
  });

  it('goes home, where the gate asks again, when the version changed meanwhile', async () => {
    fakeServer(
      {
        'Account/CheckLogin': () => ok({ ...LOGIN, appReadStatus: 'N', handbook: VERSION }),
        'Home/ModifyReadStatus': () => fail('员工手册已更新，请阅读新版本后再确认'),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, {
      path: '/login',
      at: '/login?redirect=%2Fsalary%2Fmy-salary',
      extraRoutes: ['/salary/my-salary', '/home'],
    });
    await signIn(user);
    await screen.findByRole('dialog', { name: '员工手册' });
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' }));
    await user.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
  });

  it('asks nothing when the current version is accepted', async () => {
    const { calls } = fakeServer(
      { 'Account/CheckLogin': () => ok({ ...LOGIN, appReadStatus: 'Y', handbook: VERSION }) },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', at: '/login?redirect=%2Fhome', extraRoutes: ['/home'] });
    await signIn(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(screen.queryByRole('dialog', { name: '员工手册' })).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
