import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import { FileUploader } from './file-uploader';

// jsdom draws no pictures: a picture is handed on as it is, renamed as the canvas would.
vi.mock('../../lib/image-files', () => ({
  compressImage: vi.fn(async (file: File) => ({ blob: file, name: 'scan.jpg' })),
}));

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/files/00000000-0000-4000-8000-000000000001';

const Uploader = ({ accepts }: { accepts?: 'image' | 'image-or-pdf' }) => {
  const [value, setValue] = useState<string>();
  return (
    <>
      <FileUploader upType="SCHOOL" label="毕业证书" accepts={accepts} value={value} onChange={setValue} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
};

const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type=file]:not([capture])') as HTMLInputElement;

describe('FileUploader', () => {
  it('uploads upType then the file with the token headers, says 上传成功 and shows the file', async () => {
    const { calls } = fakeServer({ 'upload/UploadFileForMobile': () => ok(PATH, '上传成功') });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderScreen(<Uploader />);
    await user.upload(fileInput(container), new File(['jpeg'], 'IMG_1.JPG', { type: 'image/jpeg' }));
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent(PATH);
    expect(calls[0]?.body).toMatchObject({
      fieldOrder: ['upType', 'file'],
      upType: 'SCHOOL',
      file: { name: 'scan.jpg' },
    });
    expect(calls[0]?.headers).toMatchObject({ token: 'test-token', authorization: 'Bearer test-token' });
    expect(calls[0]?.headers['content-type']).toBeUndefined();
    expect(screen.getByRole('button', { name: '查看毕业证书' })).toBeInTheDocument();
    // One file per uploader: no more picking until it is removed.
    expect(screen.queryByRole('button', { name: '拍照：毕业证书' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '删除毕业证书' }));
    expect(screen.getByTestId('value')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: '拍照：毕业证书' })).toBeInTheDocument();
  });

  it('shows a PDF as a file chip, not a thumbnail', async () => {
    fakeServer({ 'upload/UploadFileForMobile': () => ok(PATH, '上传成功') });
    const user = userEvent.setup();
    const { container } = renderScreen(<Uploader accepts="image-or-pdf" />);
    expect(fileInput(container)).toHaveAttribute('accept', 'image/*,application/pdf');
    await user.upload(fileInput(container), new File(['%PDF-1.4'], '毕业证.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: '查看毕业证书：PDF 文件' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('tells a refusal as 上传图片失败,{msg}', async () => {
    fakeServer({ 'upload/UploadFileForMobile': () => fail('文件类型不支持，请上传图片或 PDF 文件') });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderScreen(<Uploader />);
    await user.upload(fileInput(container), new File(['?'], 'x.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('上传图片失败,文件类型不支持，请上传图片或 PDF 文件')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { calls } = fakeServer({});
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderScreen(<Uploader accepts="image-or-pdf" />);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(container), big);
    expect(await screen.findByText('上传图片失败,文件不能超过 10 MB')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(0));
  });

  it('takes only pictures where the record wants a picture', async () => {
    const { calls } = fakeServer({});
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderScreen(<Uploader accepts="image" />);
    await user.upload(fileInput(container), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('上传图片失败,请选择图片文件')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('renews an expired token and sends the upload again, as every call does', async () => {
    let attempts = 0;
    const { calls } = fakeServer({
      'upload/UploadFileForMobile': () => {
        attempts += 1;
        return attempts === 1 ? { status: 401, body: { result: false, msg: '登录已过期', data: null } } : ok(PATH);
      },
      'Account/RefreshToken': () => ok({ token: 'fresh', refreshToken: 'fresh-refresh' }),
    });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderScreen(<Uploader />);
    await user.upload(fileInput(container), new File(['jpeg'], 'a.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent(PATH));
    expect(calls.map((call) => call.path)).toEqual([
      'upload/UploadFileForMobile',
      'Account/RefreshToken',
      'upload/UploadFileForMobile',
    ]);
    expect(calls[2]?.headers.token).toBe('fresh');
  });
});
