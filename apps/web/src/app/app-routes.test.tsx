import type { ServerMessage } from '@ess/contract/realtime-protocol';
import { QueryClientContext } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useContext } from 'react';
import { Link, MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, fail, fakeServer, LocationProbe, makeCurrentUser, ok, signInCookies } from '../test/render';
import { AppRoutes } from './app-routes';
import type { AppRoute } from './route-table';

afterEach(() => vi.unstubAllGlobals());

const page = (text: string) => async () => ({ default: () => <p>{text}</p> });
const TABLE: AppRoute[] = [
  { path: '/login', title: '登录', load: page('login screen'), isPublic: true, layout: 'bare' },
  { path: '/register', title: '推荐登记', load: page('register screen'), isPublic: true },
  { path: '/404', title: '页面未找到', load: () => import('./pages/not-found-page'), isPublic: true },
  {
    path: '/home',
    title: '首页',
    load: async () => ({
      default: () => (
        <>
          <p>home screen</p>
          <Link to="/salary/my-salary">to salary</Link>
        </>
      ),
    }),
    isTabRoot: true,
  },
  { path: '/salary/my-salary', title: '我的工资', load: page('salary screen'), isMenuGated: true },
  { path: '/attendance/my-att', title: '我的考勤', load: page('attendance screen'), isMenuGated: true },
  { path: '/system-setting/change-password', title: '修改密码', load: page('change password screen') },
];

/** The demo employee, as Account/CheckUserToken answers for them. */
const PROFILE = makeCurrentUser().profile;
const MENUS = [
  { menuPath: '/salary/my-salary', menuName: '我的工资', menuIcon: 'pay', rolePageNo: 'M04', isMobile: 'Y' },
  // Not for phones: must not open the attendance screen.
  { menuPath: '/attendance/my-att', menuName: '我的考勤', menuIcon: 'clock', rolePageNo: 'M03', isMobile: 'N' },
];

const server = (overrides: Record<string, FakeHandler> = {}) =>
  fakeServer(
    {
      'Account/RefreshToken': () => ok({ token: 'new-access', refreshToken: 'new-refresh' }),
      'Account/CheckUserToken': () => ok(PROFILE),
      'Menu/GetMenuList': () => ok(MENUS),
      ...overrides,
    },
    { isSignedIn: false },
  );

// No query cache around the routes, as in the app: the gate and the bare screens that query bring their own.
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes table={TABLE} />
      <LocationProbe />
    </MemoryRouter>,
  );

const location = () => screen.getByTestId('location');

/** A page that says whether it was given the query cache. */
const cacheProbe = (name: string) => async () => ({
  default: () => {
    const client = useContext(QueryClientContext);
    return <p>{`${name} ${client ? 'with' : 'without'} the query cache`}</p>;
  },
});

describe('query cache', () => {
  const table: AppRoute[] = [
    { path: '/login', title: '登录', load: cacheProbe('sign-in'), isPublic: true, layout: 'bare', isQueryFree: true },
    { path: '/home/reset-password', title: '重置密码', load: cacheProbe('reset'), isPublic: true, layout: 'bare' },
    { path: '/register', title: '推荐登记', load: cacheProbe('register'), isPublic: true },
    { path: '/home', title: '首页', load: cacheProbe('home'), isTabRoot: true },
  ];
  const renderRoutes = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes table={table} />
        <LocationProbe />
      </MemoryRouter>,
    );

  it('renders the sign-in screen without it, so its library stays off the download', async () => {
    server();
    renderRoutes('/login');
    expect(await screen.findByText('sign-in without the query cache')).toBeInTheDocument();
  });

  it('gives it to the other bare screens, the public forms and the signed-in screens', async () => {
    server();
    const reset = renderRoutes('/home/reset-password');
    expect(await screen.findByText('reset with the query cache')).toBeInTheDocument();
    reset.unmount();
    const register = renderRoutes('/register');
    expect(await screen.findByText('register with the query cache')).toBeInTheDocument();
    register.unmount();
    signInCookies();
    renderRoutes('/home');
    expect(await screen.findByText('home with the query cache')).toBeInTheDocument();
  });
});

describe('route gate', () => {
  it('sends a signed-out visitor of a private page to /login with the redirect', async () => {
    const { calls } = server();
    renderAt('/home?tab=1');
    await waitFor(() => expect(location()).toHaveTextContent('/login?redirect=%2Fhome%3Ftab%3D1'));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows public pages without a token', async () => {
    server();
    renderAt('/register');
    expect(await screen.findByText('register screen')).toBeInTheDocument();
  });

  it('redirects / to /home', async () => {
    server();
    signInCookies();
    renderAt('/');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/home');
  });

  it('restores the session once: rotates the tokens beside loading the profile and the mobile menus', async () => {
    const { calls } = server();
    signInCookies();
    renderAt('/salary/my-salary');
    expect(await screen.findByText('salary screen')).toBeInTheDocument();
    expect(calls.map((call) => call.path).sort()).toEqual([
      'Account/CheckUserToken',
      'Account/RefreshToken',
      'Menu/GetMenuList',
    ]);
    const call = (path: string) => calls.find((candidate) => candidate.path === path);
    expect(call('Account/RefreshToken')?.body).toEqual({ refreshToken: 'test-refresh' });
    // The access token still works: the reads do not wait for the rotation.
    expect(call('Account/CheckUserToken')?.headers).toMatchObject({ token: 'test-token' });
    expect(call('Menu/GetMenuList')?.body).toEqual({ terminalType: 'MOBILE' });
    await waitFor(() => expect(document.cookie).toContain('ess_refresh=new-refresh'));
    expect(document.cookie).toContain('ess_token=new-access');
  });

  it('rotates first when the access cookie is gone, then reads with the new token', async () => {
    const { calls } = server();
    signInCookies();
    // biome-ignore lint/suspicious/noDocumentCookie: the test removes the access cookie.
    document.cookie = 'ess_token=; Path=/; Max-Age=0';
    renderAt('/salary/my-salary');
    expect(await screen.findByText('salary screen')).toBeInTheDocument();
    expect(calls[0]?.path).toBe('Account/RefreshToken');
    expect(calls.find((call) => call.path === 'Account/CheckUserToken')?.headers).toMatchObject({
      token: 'new-access',
    });
  });

  it('shows the 404 page for a menu screen the user may not open', async () => {
    server();
    signInCookies();
    renderAt('/attendance/my-att');
    expect(await screen.findByText('抱歉，系统未找到该页面')).toBeInTheDocument();
    expect(screen.queryByText('attendance screen')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home');
  });

  it('sends unknown paths to /404', async () => {
    server();
    renderAt('/no/such/page');
    expect(await screen.findByText('抱歉，系统未找到该页面')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/404');
  });

  it('holds a user who must change the password on that screen', async () => {
    server({ 'Account/CheckUserToken': () => ok({ ...PROFILE, mustChangePassword: true }) });
    signInCookies();
    renderAt('/home');
    expect(await screen.findByText('change password screen')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/system-setting/change-password');
  });

  it('goes to /login with 获取用户信息失败 when the profile cannot be loaded', async () => {
    server({ 'Account/CheckUserToken': () => fail('用户不存在') });
    signInCookies();
    renderAt('/home');
    expect(await screen.findByText('获取用户信息失败,请重新登录！')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/login?redirect=%2Fhome'));
    expect(document.cookie).not.toContain('ess_token');
    expect(document.cookie).not.toContain('ess_refresh');
  });

  it('warns 菜单数据加载异常 and continues without menus when they cannot be loaded', async () => {
    server({ 'Menu/GetMenuList': () => ({ status: 500, body: {} }) });
    signInCookies();
    renderAt('/home');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(await screen.findByText('菜单数据加载异常')).toBeInTheDocument();
  });

  it('keeps the worker signed in when the network fails while restoring, and lets them try again', async () => {
    let isNetworkDown = true;
    const dropWhileDown = (answer: () => ReturnType<FakeHandler>) => () => {
      if (isNetworkDown) throw new TypeError('Failed to fetch');
      return answer();
    };
    server({
      'Account/RefreshToken': dropWhileDown(() => ok({ token: 'new-access', refreshToken: 'new-refresh' })),
      'Account/CheckUserToken': dropWhileDown(() => ok(PROFILE)),
    });
    signInCookies();
    renderAt('/home');
    expect(await screen.findByRole('alert')).toHaveTextContent('请求服务器错误,请稍后重试');
    expect(location()).toHaveTextContent('/home');
    expect(document.cookie).toContain('ess_refresh=test-refresh');

    isNetworkDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/home');
  });

  it('signs out with 登录已过期 when the server refuses the session while restoring', async () => {
    server({ 'Account/RefreshToken': () => fail('登录已过期,请重新登录') });
    // The access cookie is gone (2 h passed); the refresh token is refused.
    signInCookies();
    // biome-ignore lint/suspicious/noDocumentCookie: the test removes the access cookie.
    document.cookie = 'ess_token=; Path=/; Max-Age=0';
    renderAt('/home');
    expect(await screen.findByText('登录已过期,请重新登录')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/login?redirect=%2Fhome'));
    expect(document.cookie).not.toContain('ess_refresh');
  });

  it('brings the menus back with the next navigation after they failed to load', async () => {
    let menuAnswers = 0;
    server({
      'Menu/GetMenuList': () => {
        menuAnswers += 1;
        return menuAnswers === 1 ? { status: 500, body: {} } : ok(MENUS);
      },
    });
    signInCookies();
    renderAt('/home');
    expect(await screen.findByText('菜单数据加载异常')).toBeInTheDocument();
    // The warning is shown as the menus fail, a moment before the screen renders.
    await userEvent.setup().click(await screen.findByRole('link', { name: 'to salary' }));
    expect(await screen.findByText('salary screen')).toBeInTheDocument();
    expect(menuAnswers).toBe(2);
  });

  it('re-reads the menus when the server pushes that they changed: a screen whose menu was taken shows 404', async () => {
    let menus = MENUS;
    const { calls } = server({ 'Menu/GetMenuList': () => ok(menus) });
    const sockets = stubSockets();
    signInCookies();
    renderAt('/salary/my-salary');
    expect(await screen.findByText('salary screen')).toBeInTheDocument();
    // The shell opened the app's socket; the server accepts it.
    const socket = await waitFor(() => {
      const opened = sockets.at(-1);
      if (!opened) throw new Error('no socket yet');
      return opened;
    });
    socket.accept();
    menus = [];
    socket.push({ type: 'NOTIFY', kind: 'menus' });
    expect(await screen.findByText('抱歉，系统未找到该页面')).toBeInTheDocument();
    expect(screen.queryByText('salary screen')).not.toBeInTheDocument();
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => path === 'Menu/GetMenuList')).toHaveLength(2);
    // A re-read, not a second restore: the tokens are not rotated again.
    expect(paths.filter((path) => path === 'Account/RefreshToken')).toHaveLength(1);
  });
});

/** The browser's WebSocket replaced by sockets the test opens and speaks through as the server. */
const stubSockets = () => {
  const opened: ServerSocket[] = [];
  class ServerSocket {
    readyState = 0;
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor() {
      opened.push(this);
    }
    send() {}
    close() {
      this.readyState = 3;
    }
    accept() {
      this.readyState = 1;
      this.onopen?.({});
      this.push({ type: 'AUTH_OK', userId: PROFILE.id });
    }
    push(message: ServerMessage) {
      act(() => this.onmessage?.({ data: JSON.stringify(message) }));
    }
  }
  vi.stubGlobal('WebSocket', ServerSocket);
  return opened;
};
