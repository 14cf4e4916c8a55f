import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY, type CurrentUser } from '../../lib/current-user';
import { makeSquareAvatar } from '../../lib/image-files';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import PersonSettingPage from './person-setting-page';

// jsdom draws no pictures: the crop answers a fixed data URL, or fails for an unreadable picture.
vi.mock('../../lib/image-files', () => ({ makeSquareAvatar: vi.fn(async () => 'data:image/jpeg;base64,AAAA') }));

afterEach(() => vi.unstubAllGlobals());

const NEW_AVATAR = '/api/files/00000000-0000-4000-8000-000000000042';

describe('修改头像', () => {
  it('crops the picked picture on the phone, saves it and shows it as the profile avatar', async () => {
    const { calls } = fakeServer({ 'Home/SaveImageFromBase64': () => ok(NEW_AVATAR, '上传成功') });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { queryClient } = renderScreen(<PersonSettingPage />, { currentUser: makeCurrentUser() });
    await user.click(screen.getByRole('button', { name: '修改头像' }));
    const sheet = await screen.findByRole('dialog', { name: '修改头像' });
    const save = within(sheet).getByRole('button', { name: '保存头像' });
    expect(save).toBeDisabled();
    const album = sheet.querySelector('input[type=file]:not([capture])') as HTMLInputElement;
    await user.upload(album, new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await within(sheet).findByRole('img', { name: '新头像预览' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,AAAA',
    );
    await user.click(save);
    expect(await screen.findByText('头像已更新')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'Home/SaveImageFromBase64')).toMatchObject({
      body: { image: 'data:image/jpeg;base64,AAAA' },
    });
    await waitFor(() =>
      expect(queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY)?.profile.avatarUrl).toBe(NEW_AVATAR),
    );
  });

  it('says so when the picture cannot be read, and saves nothing', async () => {
    vi.mocked(makeSquareAvatar).mockRejectedValueOnce(new Error('undecodable'));
    const { calls } = fakeServer({});
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(<PersonSettingPage />, { currentUser: makeCurrentUser() });
    await user.click(screen.getByRole('button', { name: '修改头像' }));
    const sheet = await screen.findByRole('dialog', { name: '修改头像' });
    const album = sheet.querySelector('input[type=file]:not([capture])') as HTMLInputElement;
    await user.upload(album, new File(['heic'], 'IMG.HEIC', { type: 'image/heic' }));
    expect(await screen.findByText('无法读取这张图片，请换一张 JPG 或 PNG 图片')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: '保存头像' })).toBeDisabled();
    expect(calls.filter((call) => call.path === 'Home/SaveImageFromBase64')).toHaveLength(0);
  });
});
