import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import PersonPhotoPage from './person-photo-page';
import { FILE } from './test-fixtures';

// jsdom draws no pictures: the compression hands the file on as a JPEG.
vi.mock('../../lib/image-files', () => ({
  compressImage: vi.fn(async (file: File) => ({ blob: file, name: 'face.jpg' })),
}));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('/system-setting/person-photo', () => {
  it.each(['BJ', 'AQ', 'LZ', 'JY'])('shows employees of %s a note instead', (baseBu) => {
    fakeServer({});
    renderScreen(<PersonPhotoPage />, { currentUser: makeCurrentUser({ baseBu }) });
    expect(screen.getByText('您所在工厂的考勤不使用人脸照片，无需上传。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '拍摄或选择照片' })).not.toBeInTheDocument();
  });

  it('asks for the agreement first: 同意 is enabled only once ticked', async () => {
    fakeServer({});
    const user = setup();
    renderScreen(<PersonPhotoPage />, { currentUser: makeCurrentUser({ baseBu: 'GT' }) });
    await user.click(screen.getByRole('button', { name: '拍摄或选择照片' }));
    const agreement = await screen.findByRole('dialog', { name: '人脸信息使用告知' });
    const agree = within(agreement).getByRole('button', { name: '同意' });
    expect(agree).toBeDisabled();
    const tick = within(agreement).getByRole('checkbox', { name: '我已阅读并同意《人脸信息使用告知》' });
    await user.click(tick);
    expect(agree).toBeEnabled();
    await user.click(tick);
    expect(agree).toBeDisabled();
    // Closing it agrees to nothing, and opening it again starts unticked.
    await user.click(within(agreement).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '人脸信息使用告知' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '拍照：人脸照片' })).not.toBeInTheDocument();
  });

  it('offers camera and album, warns of the overwrite, uploads and updates with an idempotency key', async () => {
    const { calls } = fakeServer({
      'upload/UploadFileForMobile': () => ok(FILE(8), '上传成功'),
      'Home/UpdateAttPhoto': () => ok(null, '更新成功'),
    });
    const user = setup();
    const { container } = renderScreen(<PersonPhotoPage />, { currentUser: makeCurrentUser() });
    await user.click(screen.getByRole('button', { name: '拍摄或选择照片' }));
    const agreement = await screen.findByRole('dialog', { name: '人脸信息使用告知' });
    await user.click(within(agreement).getByRole('checkbox'));
    await user.click(within(agreement).getByRole('button', { name: '同意' }));

    expect(await screen.findByRole('button', { name: '拍照：人脸照片' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '从相册选择：人脸照片' })).toBeInTheDocument();
    const camera = container.querySelector('input[type=file][capture]') as HTMLInputElement;
    const album = container.querySelector('input[type=file]:not([capture])') as HTMLInputElement;
    expect(camera).toHaveAttribute('capture', 'user');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(album).toHaveAttribute('accept', 'image/*');

    await user.upload(album, new File(['jpeg'], 'IMG_0001.JPG', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: '待上传的人脸照片' })).toHaveAttribute('src', 'blob:preview');

    // 取消 sends nothing.
    await user.click(screen.getByRole('button', { name: '上传照片' }));
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '上传照片' }));
    expect(await screen.findByText('上传后将覆盖考勤系统中的人脸照片数据，确定要更新吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['upload/UploadFileForMobile', 'Home/UpdateAttPhoto']);
    expect(calls[0]?.body).toMatchObject({ fieldOrder: ['upType', 'file'], upType: 'PHOTO-Mobile' });
    expect(calls[1]?.body).toEqual({ filePath: FILE(8) });
    expect(calls[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });
});
