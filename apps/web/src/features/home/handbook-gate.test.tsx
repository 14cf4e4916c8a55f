// Home's handbook gate: shown while the profile says the current version is not accepted (a new version HR published
// asks again), naming that version; 确认 accepts that version by its id; a refusal because another version became
// current reads the profile again, and the gate shows the new one.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY, type CurrentUser } from '../../lib/current-user';
import { fail, fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import HomePage from './home-page';

vi.mock('../../components/pdf-viewer', () => {
  const Viewer = ({ url, title }: { url: string; title: string }) => <p data-testid="pdf">{`${title} ${url}`}</p>;
  return { PdfViewer: Viewer, default: Viewer };
});

const V2 = { id: 12, label: '2026 修订版', effectiveDate: '2026-03-01', url: '/api/handbook/12.pdf' };
const V3 = { id: 13, label: '2026 第三版', effectiveDate: '2026-03-02', url: '/api/handbook/13.pdf' };

afterEach(() => vi.unstubAllGlobals());

const quiet = { 'Home/GetBannerList': () => ok([]), 'SystemNotice/GetPersonMsg': () => ok([]) };

describe('the handbook gate on home', () => {
  it('asks for the current version and accepts it by its id', async () => {
    const { calls } = fakeServer({ ...quiet, 'Home/ModifyReadStatus': () => ok(null) });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(<HomePage />, {
      path: '/home',
      currentUser: makeCurrentUser({ appReadStatus: 'N', handbook: V2 }),
    });
    const dialog = await screen.findByRole('dialog', { name: '员工手册' });
    expect(dialog).toHaveTextContent('2026 修订版，2026-03-01 起施行');
    expect(screen.getByTestId('pdf')).toHaveTextContent('/api/handbook/12.pdf');
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' }));
    await user.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '员工手册' })).toBeNull());
    expect(calls.find((call) => call.path === 'Home/ModifyReadStatus')?.body).toEqual({
      readStatus: 'Y',
      versionId: 12,
    });
    expect(queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY)?.profile.appReadStatus).toBe('Y');
  });

  it('shows the newer version when the one on screen was replaced meanwhile', async () => {
    const { calls } = fakeServer({
      ...quiet,
      'Home/ModifyReadStatus': (body) =>
        body.versionId === V3.id ? ok(null) : fail('员工手册已更新，请阅读新版本后再确认'),
      'Account/CheckUserToken': () => ok({ ...makeCurrentUser().profile, appReadStatus: 'N', handbook: V3 }),
      'Menu/GetMenuList': () => ok([]),
    });
    const user = userEvent.setup();
    renderScreen(<HomePage />, { path: '/home', currentUser: makeCurrentUser({ appReadStatus: 'N', handbook: V2 }) });
    await screen.findByRole('dialog', { name: '员工手册' });
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' }));
    await user.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(screen.getByTestId('pdf')).toHaveTextContent('/api/handbook/13.pdf'));
    // The agreement is ticked again for the new version.
    expect(screen.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: '确认' })).toBeDisabled();
    expect(calls.filter((call) => call.path === 'Home/ModifyReadStatus').map((call) => call.body.versionId)).toEqual([
      12,
    ]);
  });

  it('does not show while the current version is accepted', async () => {
    fakeServer(quiet);
    renderScreen(<HomePage />, { path: '/home', currentUser: makeCurrentUser({ appReadStatus: 'Y', handbook: V2 }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(screen.queryByRole('dialog', { name: '员工手册' })).toBeNull();
  });
});
