import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdPageQueries } from '../../lib/page-queries';
import { resetSiteFaceForTests } from '../../lib/site-face';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import LoginPage from './login-page';

const SHA256_DEMO1234 = '0ead2060b65992dca4769af601a1b3a35ef38cfad2c2c465bb160ea764157c5d';
const LOGIN_USER = {
  userAccount: '100001',
  userName: '张伟',
  id: 1,
  baseBu: 'NT',
  deptName: '总装车间',
  titleName: '操作工',
};

afterEach(() => {
  vi.unstubAllGlobals();
  holdPageQueries(undefined);
});

const fillForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('账号'), '100001');
  await user.type(screen.getByLabelText('密码'), 'demo1234');
};

describe('LoginPage', () => {
  it('keeps the login button disabled until the handbook box is ticked', async () => {
    fakeServer({}, { isSignedIn: false });
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    await fillForm(user);
    const button = screen.getByRole('button', { name: '登录' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }));
    expect(button).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    expect(button).toBeDisabled();
  });

  it('says why WeCom’s silent sign-in did not work, in its own words only', async () => {
    fakeServer({}, { isSignedIn: false });
    renderScreen(<LoginPage />, { path: '/login', at: '/login?notice=wecom-unknown&redirect=%2Ftrain%2Flearn-list' });
    expect(screen.getByRole('alert').textContent).toBe('企业微信账号未关联员工，请用工号和密码登录');
  });

  it('shows no notice for a reason it does not know', async () => {
    fakeServer({}, { isSignedIn: false });
    renderScreen(<LoginPage />, { path: '/login', at: '/login?notice=%E8%AF%B7%E8%BD%AC%E8%B4%A6' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opening the handbook does not tick the box', async () => {
    fakeServer({}, { isSignedIn: false });
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: '《员工手册》' }));
    expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
  });

  it('sends the SHA-256 hex of the password, stores the session and follows the redirect', async () => {
    let release: () => void = () => {};
    const { calls } = fakeServer(
      {
        'Account/CheckLogin': () =>
          new Promise((resolve) => {
            release = () => resolve(ok({ token: 'access', refreshToken: 'refresh', ...LOGIN_USER }, '登录成功'));
          }),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, {
      path: '/login',
      at: '/login?redirect=%2Fsalary%2Fmy-salary%3Fm%3D1',
      extraRoutes: ['/salary/my-salary'],
    });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('button', { name: /验证中/ })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/salary/my-salary?m=1'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ userAccount: '100001', password: SHA256_DEMO1234, isRemember: true });
    expect(document.cookie).toContain('ess_token=access');
    expect(document.cookie).toContain('ess_refresh=refresh');
    const userCookie = document.cookie.split('; ').find((part) => part.startsWith('ess_user='));
    expect(JSON.parse(decodeURIComponent(userCookie?.slice('ess_user='.length) ?? ''))).toEqual(LOGIN_USER);
  });

  it('ignores a redirect to another site', async () => {
    fakeServer(
      { 'Account/CheckLogin': () => ok({ token: 'a', refreshToken: 'r', ...LOGIN_USER }) },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', at: '/login?redirect=%2F%2Fevil.example', extraRoutes: ['/'] });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the server message and stays on /login with the form kept', async () => {
    fakeServer({ 'Account/CheckLogin': () => fail('账号或密码错误') }, { isSignedIn: false });
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', at: '/login?redirect=%2Fhome' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('账号或密码错误');
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fhome');
    expect(screen.getByLabelText('账号')).toHaveValue('100001');
    expect(screen.getByLabelText('密码')).toHaveValue('demo1234');
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
    expect(document.cookie).not.toContain('ess_token');
  });

  it('opens the number pad for the employee number and still sends what else was typed', async () => {
    const { calls } = fakeServer(
      { 'Account/CheckLogin': () => ok({ token: 'a', refreshToken: 'r', ...LOGIN_USER }) },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', extraRoutes: ['/'] });
    const account = screen.getByLabelText('账号');
    expect(account).toHaveAttribute('inputmode', 'numeric');
    expect(account).toHaveAttribute('pattern', '[0-9]*');
    await user.type(account, 'HR-01');
    await user.type(screen.getByLabelText('密码'), 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body.userAccount).toBe('HR-01');
  });

  it("clears the page's query cache on success, so a previous user's screens do not show through", async () => {
    const cache = { clear: vi.fn() };
    holdPageQueries(cache);
    let isRefused = true;
    fakeServer(
      {
        'Account/CheckLogin': () =>
          isRefused ? fail('账号或密码错误') : ok({ token: 'a', refreshToken: 'r', ...LOGIN_USER }),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', extraRoutes: ['/'] });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    // Found is enough: the toast may already be re-rendered (a new node) when a second look would run.
    await screen.findByText('账号或密码错误');
    expect(cache.clear).not.toHaveBeenCalled();
    isRefused = false;
    // The button says 登录 again once the refused call has ended.
    await user.click(await screen.findByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(cache.clear).toHaveBeenCalledTimes(1);
  });

  it('sends one call for a double tap', async () => {
    let release: () => void = () => {};
    const { calls } = fakeServer(
      {
        'Account/CheckLogin': () =>
          new Promise((resolve) => {
            release = () => resolve(ok({ token: 'a', refreshToken: 'r', ...LOGIN_USER }));
          }),
      },
      { isSignedIn: false },
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', extraRoutes: ['/'] });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    const form = screen.getByRole('button', { name: '登录' }).closest('form');
    if (!form) throw new Error('no form');
    form.requestSubmit();
    form.requestSubmit();
    await waitFor(() => expect(calls).toHaveLength(1));
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls).toHaveLength(1);
  });
});

describe('LoginPage with the company’s face (公司信息)', () => {
  afterEach(() => resetSiteFaceForTests());

  it('shows the app’s own title and logo, and no copyright or filing line, while nothing is set', () => {
    fakeServer({}, { isSignedIn: false });
    resetSiteFaceForTests();
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: '员工自助系统' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '员工自助系统标志' })).toHaveAttribute('src', '/logo.svg');
    expect(screen.getByRole('contentinfo')).toBeEmptyDOMElement();
    expect(screen.queryByText(/ICP/)).toBeNull();
    expect(screen.queryByText(/版权/)).toBeNull();
  });

  it('shows the company’s name, logo, title and footer lines, the filing number linked to the MIIT', async () => {
    fakeServer({}, { isSignedIn: false });
    resetSiteFaceForTests();
    renderScreen(<LoginPage />, { path: '/login' });
    // The answer arrives after the first paint: the screen takes it as it comes.
    act(() =>
      resetSiteFaceForTests({
        companyName: '江淮汽车集团有限公司',
        appTitle: '江淮员工之家',
        logoUrl: `/api/site/logo/${'b'.repeat(64)}.png`,
        copyright: '© 2026 江淮汽车集团有限公司 版权所有',
        icpFiling: '皖ICP备12345678号-1',
        plantNames: {},
      }),
    );
    expect(await screen.findByRole('heading', { name: '江淮员工之家' })).toBeInTheDocument();
    expect(screen.getByText('江淮汽车集团有限公司')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '江淮汽车集团有限公司标志' })).toHaveAttribute(
      'src',
      `/api/site/logo/${'b'.repeat(64)}.png`,
    );
    expect(screen.getByText('© 2026 江淮汽车集团有限公司 版权所有')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /皖ICP备12345678号-1/ })).toHaveAttribute(
      'href',
      'https://beian.miit.gov.cn/',
    );
  });
});
