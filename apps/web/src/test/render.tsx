// Test helpers: the app's providers around a screen, and a fake server answering POST /api/<path>.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { CURRENT_USER_KEY, type CurrentUser } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';

export type FakeAnswer = { status?: number; body: unknown };
export type FakeHandler = (body: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>;

export const ok = (data: unknown, msg = '操作成功'): FakeAnswer => ({ body: { result: true, msg, data } });
export const fail = (msg: string): FakeAnswer => ({ body: { result: false, msg, data: null } });

/** A multipart body as the fake server records it: field names in order, a file as its name, type and size. */
const formFields = (form: FormData) => {
  const fields: Record<string, unknown> = { fieldOrder: [...form.keys()] };
  form.forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
  });
  return fields;
};

/**
 * Replaces fetch; unknown paths answer 404. Returns the recorded calls. The worker is signed in (session
 * cookies set), as on every private screen; `isSignedIn: false` for the public ones.
 */
export const fakeServer = (handlers: Record<string, FakeHandler>, { isSignedIn = true } = {}) => {
  if (isSignedIn) signInCookies();
  const calls: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\//, '');
    const body =
      init?.body instanceof FormData
        ? formFields(init.body)
        : (JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
    calls.push({ path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = handlers[path];
    const answer = handler
      ? await handler(body)
      : { status: 404, body: { result: false, msg: '接口不存在', data: null } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
};

/** Shows the current location so tests can assert navigations. */
export const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** The signed-in user as the route gate leaves it in the cache: the demo employee unless patched. */
export const makeCurrentUser = (profile: Partial<CurrentUser['profile']> = {}): CurrentUser => ({
  profile: {
    userAccount: '100001',
    userName: '张伟',
    id: 1,
    baseBu: 'NT',
    deptName: '总装车间',
    titleName: '操作工',
    empEnterDate: '2024-01-01',
    appReadStatus: 'Y',
    handbook: null,
    mustChangePassword: false,
    // Offered 长辈版 already: its one-time offer is a test of its own.
    largeText: false,
    avatarUrl: null,
    ...profile,
  },
  menus: [],
  menuPaths: new Set(),
  isMenuLoadFailed: false,
});

export const renderScreen = (
  ui: ReactElement,
  {
    path = '/',
    at = path,
    extraRoutes = [],
    currentUser,
  }: {
    path?: string;
    at?: string;
    extraRoutes?: string[];
    /** For screens behind the route gate, which read the signed-in user from the cache. */
    currentUser?: CurrentUser;
  } = {},
) => {
  const queryClient = createQueryClient();
  if (currentUser) queryClient.setQueryData(CURRENT_USER_KEY, currentUser);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          {extraRoutes.map((extra) => (
            <Route key={extra} path={extra} element={<p>{`screen ${extra}`}</p>} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
};

export const signInCookies = (
  user = { userAccount: '100001', userName: '张伟', id: 1, baseBu: 'NT', deptName: '总装车间', titleName: '操作工' },
) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the tests set the session cookies the app reads.
  document.cookie = 'ess_token=test-token; Path=/';
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = 'ess_refresh=test-refresh; Path=/';
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `ess_user=${encodeURIComponent(JSON.stringify(user))}; Path=/`;
  return user;
};
