// 学习资料: the list shows where each material stands and is read again while one converts, until it is ready; 重命名
// follows the contract's rule; a refused delete says why; the upload sends the file by tus with the plant and name,
// shows its progress and a dropped connection being retried, and the server's refusal in its own words.
import type { MaterialRow } from '@ess/contract/materials';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { fail, fakeServer, ok, renderScreen } from '../../../test/render';
import MaterialsPage from './materials-page';

vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(),
}));

/** tus-js-client stood in for: each test says what the upload does once started. */
const tus = vi.hoisted(() => ({
  options: undefined as undefined | Record<string, unknown>,
  file: undefined as undefined | File,
  onStart: (_options: Record<string, (...args: unknown[]) => unknown>) => {},
}));
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(file: File, options: Record<string, unknown>) {
      tus.file = file;
      tus.options = options;
    }
    findPreviousUploads = async () => [];
    resumeFromPreviousUpload = () => {};
    start = () => tus.onStart(tus.options as Record<string, (...args: unknown[]) => unknown>);
    abort = async () => {};
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

const SESSION = { id: 2, empNo: '900002', name: '人事文员', roles: ['HRAdmin'], adminPlants: ['NT'] };
const row = (patch: Partial<MaterialRow>): MaterialRow => ({
  id: 5,
  name: '冲压安全培训',
  bu: 'NT',
  kind: 'video',
  state: 'ready',
  progress: 100,
  failureMessage: null,
  originalFileName: '冲压安全培训.avi',
  sizeBytes: 300 * 1024 * 1024,
  durationSeconds: 125,
  uploaderName: '人事文员',
  assignedCount: 0,
  url: '/api/media/0b5e6f4a-1d2c-4e3f-8a9b-7c6d5e4f3a2b.mp4',
  createdAt: '2026-11-28 09:00',
  updatedAt: '2026-11-28 09:05',
  ...patch,
});
const listOf = (rows: MaterialRow[]) => ({ body: { result: true, msg: '', data: rows, totalCount: rows.length } });

describe('学习资料', { timeout: 90_000 }, () => {
  it('follows a conversion until the video is ready, then renames it and says why a delete is refused', async () => {
    let reads = 0;
    const { calls } = fakeServer({
      'TrainMaterial/GetList': () => {
        reads += 1;
        return listOf([
          reads === 1 ? row({ state: 'converting', progress: 40, url: null, durationSeconds: null }) : row({}),
        ]);
      },
      'TrainMaterial/Rename': () => ok(null, '修改成功'),
      'TrainMaterial/Delete': () => fail('该资料已分配给 3 名员工学习，不能删除（他们的学习记录引用它）；请先取消分配'),
    });
    renderScreen(<MaterialsPage session={SESSION} />);
    expect(await screen.findByText('转换中 40%')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '预览 冲压安全培训' })).not.toBeInTheDocument();
    // Read again by itself while it converts.
    expect(await screen.findByText('可学习', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('视频 · 时长 2:05')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '预览 冲压安全培训' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '重命名 冲压安全培训' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('资料名称');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请填写资料名称')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '冲压车间安全培训' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'TrainMaterial/Rename').map((call) => call.body)).toEqual([
        { id: 5, name: '冲压车间安全培训' },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: '删除 冲压安全培训' }));
    fireEvent.click(await screen.findByRole('button', { name: /删\s*除$/ }));
    await waitFor(() => expect(calls.some((call) => call.path === 'TrainMaterial/Delete')).toBe(true));
  });

  it('uploads by tus with the plant and name, shows progress and a retry, then the server’s refusal', async () => {
    fakeServer({ 'TrainMaterial/GetList': () => listOf([]) });
    let options: Record<string, (...args: unknown[]) => unknown> = {};
    tus.onStart = (given) => {
      options = given;
    };
    renderScreen(<MaterialsPage session={SESSION} />);
    expect(await screen.findByText('还没有学习资料')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '上传资料' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: refused here.
    fireEvent.click(within(dialog).getByRole('button', { name: '开始上传' }));
    expect(await within(dialog).findByText('请选择要上传的文件')).toBeInTheDocument();

    const file = new File([new Uint8Array(1024)], '安全培训.wmv', { type: 'video/x-ms-wmv' });
    const picker = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [file] } });
    fireEvent.change(within(dialog).getByLabelText('资料名称'), { target: { value: '冬季安全培训' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始上传' }));
    await waitFor(() => expect(tus.options).toMatchObject({ endpoint: '/api/TrainMaterial/Upload' }));
    expect(tus.file?.name).toBe('安全培训.wmv');
    expect(tus.options?.metadata).toEqual({ filename: '安全培训.wmv', bu: 'NT', name: '冬季安全培训' });
    expect(tus.options?.retryDelays).toEqual(expect.arrayContaining([0, 1000, 60_000]));

    options.onProgress?.(512, 1024);
    expect(await within(dialog).findByRole('progressbar', { name: '上传进度' })).toHaveAttribute('aria-valuenow', '50');
    // The Wi-Fi drops: the request is retried (a network failure has no answer).
    const dropped = Object.assign(new Error('network'), { originalResponse: null });
    expect(options.onShouldRetry?.(dropped, 0, {})).toBe(true);
    expect(await within(dialog).findByText('网络中断，正在重新连接并续传…')).toBeInTheDocument();
    // The server's refusal is final and shown in its words.
    const refused = Object.assign(new Error('refused'), {
      originalResponse: {
        getStatus: () => 400,
        getBody: () =>
          JSON.stringify({
            result: false,
            msg: '本服务器无法转换视频格式，请上传 H.264 视频、AAC 音频编码的 MP4 文件',
          }),
      },
    });
    expect(options.onShouldRetry?.(refused, 1, {})).toBe(false);
    options.onError?.(refused);
    expect(await within(dialog).findByText(/请上传 H\.264 视频、AAC 音频编码的 MP4 文件/)).toBeInTheDocument();
  });
});
