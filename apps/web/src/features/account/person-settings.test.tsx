// The person center's links and the person settings: 个人设置 is reached by tapping; the photo entries
// show only in the plants whose attendance system takes the photo (SPEC §6).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeCurrentUser, renderScreen } from '../../test/render';
import PersonCenterPage from './person-center-page';
import PersonSettingPage from './person-setting-page';

describe('photo entries by plant', () => {
  it.each(['NT', 'GT', 'HZ', 'NY'])('shows 人脸照片 and 修改照片 to an employee of %s', (baseBu) => {
    fakeServer({});
    const currentUser = makeCurrentUser({ baseBu });
    const center = renderScreen(<PersonCenterPage />, { currentUser });
    expect(screen.getByText('人脸照片')).toBeInTheDocument();
    center.unmount();
    renderScreen(<PersonSettingPage />, { currentUser });
    expect(screen.getByText('修改照片')).toBeInTheDocument();
    expect(screen.getByText('修改密码')).toBeInTheDocument();
  });

  it.each(['BJ', 'AQ', 'LZ', 'JY'])('hides them from an employee of %s', (baseBu) => {
    fakeServer({});
    const currentUser = makeCurrentUser({ userAccount: '100005', baseBu });
    const center = renderScreen(<PersonCenterPage />, { currentUser });
    expect(screen.getByText('修改密码')).toBeInTheDocument();
    expect(screen.queryByText('人脸照片')).not.toBeInTheDocument();
    center.unmount();
    renderScreen(<PersonSettingPage />, { currentUser });
    expect(screen.getByText('修改密码')).toBeInTheDocument();
    expect(screen.queryByText('修改照片')).not.toBeInTheDocument();
  });
});

describe('person center links', () => {
  it('reaches 个人设置 by tapping', async () => {
    fakeServer({});
    const user = userEvent.setup();
    renderScreen(<PersonCenterPage />, {
      path: '/user/person-center',
      currentUser: makeCurrentUser(),
      extraRoutes: ['/system-setting/person-setting'],
    });
    expect(screen.getByRole('link', { name: '个人设置' })).toHaveAttribute('href', '/system-setting/person-setting');
    expect(screen.getByRole('link', { name: '修改密码' })).toHaveAttribute('href', '/system-setting/change-password');
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    await user.click(screen.getByText('个人设置'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/system-setting/person-setting'));
  });
});

describe('WeCom messages', () => {
  it('lets the worker turn off a kind of reminder where WeCom is connected', async () => {
    const { calls } = fakeServer({
      'Wechat/GetMessageSettings': () => ({
        body: { result: true, msg: '', data: { isWecomConfigured: true, muted: ['notice'] } },
      }),
      'Wechat/SaveMessageSettings': () => ({ body: { result: true, msg: '已保存', data: null } }),
    });
    const user = userEvent.setup();
    renderScreen(<PersonSettingPage />, { currentUser: makeCurrentUser({}) });
    const training = await screen.findByRole('switch', { name: '学习和考试提醒' });
    expect(training).toBeChecked();
    expect(screen.getByRole('switch', { name: '公告提醒' })).not.toBeChecked();
    await user.click(training);
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'Wechat/SaveMessageSettings')?.body).toEqual({
        muted: ['notice', 'training'],
      }),
    );
  });

  it('shows nothing to choose where WeCom is not connected', async () => {
    const { calls } = fakeServer({
      'Wechat/GetMessageSettings': () => ({
        body: { result: true, msg: '', data: { isWecomConfigured: false, muted: [] } },
      }),
    });
    renderScreen(<PersonSettingPage />, { currentUser: makeCurrentUser({}) });
    await waitFor(() => expect(calls.some((call) => call.path === 'Wechat/GetMessageSettings')).toBe(true));
    expect(screen.queryByText('企业微信/微信消息通知')).not.toBeInTheDocument();
  });
});
