import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import CabinetPage from './cabinet-page';

afterEach(() => vi.unstubAllGlobals());

const cabinet = {
  Id: 7,
  TeamName: '总装一班',
  AreaDesc: 'NT 厂区 2 号更衣室',
  EquipmentDesc: '总装车间',
  CaseNo: '007',
};

/** The line under the buttons that tells what became of the last command. */
const commandLine = () => document.querySelector('.cabinet-command');

describe('CabinetPage', () => {
  it('shows the cabinet; cancel sends nothing, confirm sends the box and shows the answer', async () => {
    const { calls } = fakeServer({
      'LogisticsCabinet/GetCabinetForMobile': () => ok(JSON.stringify(cabinet)),
      'LogisticsCabinet/RemoteOpenCabinet': () => ok({ id: 3, status: 'sent', message: '已开柜' }, '已开柜'),
      'LogisticsCabinet/UpdatePhotoToAtt': () => fail('考勤系统暂不可用'),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(<CabinetPage />);
    expect(await screen.findByText('NT 厂区 2 号更衣室')).toBeInTheDocument();
    expect(screen.getByText('总装一班')).toBeInTheDocument();
    expect(screen.getByText('007')).toBeInTheDocument();
    expect(screen.getByText('柜子按班组自动分配，未分配的请联系总务手工分配')).toBeInTheDocument();
    expect(screen.queryByText(/全部/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '开柜' }));
    expect(await screen.findByText('确定要打开 007 号柜子吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定要打开 007 号柜子吗？')).not.toBeInTheDocument());
    expect(calls.map((call) => call.path)).toEqual(['LogisticsCabinet/GetCabinetForMobile']);

    await user.click(screen.getByRole('button', { name: '开柜' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findAllByText('已开柜')).not.toHaveLength(0);
    expect(calls.at(-1)).toMatchObject({ path: 'LogisticsCabinet/RemoteOpenCabinet', body: { boxId: 7 } });
    await waitFor(() => expect(screen.queryByText('确定要打开 007 号柜子吗？')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '更新柜子照片' }));
    expect(await screen.findByText('更新柜子照片将覆盖考勤系统中的照片数据，确定要更新吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('考勤系统暂不可用')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: 'LogisticsCabinet/UpdatePhotoToAtt', body: { boxId: 7 } });
  });

  it('follows an open the server is still trying until the box opens, and says when it failed', async () => {
    let answers = ['pending', 'pending', 'sent'];
    let id = 8;
    const { calls } = fakeServer({
      'LogisticsCabinet/GetCabinetForMobile': () => ok(JSON.stringify(cabinet)),
      'LogisticsCabinet/RemoteOpenCabinet': () => {
        id += 1;
        return ok({ id, status: 'pending', message: '正在开柜，请稍候' }, '正在开柜，请稍候');
      },
      'LogisticsCabinet/GetCommandState': () => {
        const status = answers.shift() ?? 'sent';
        const message =
          status === 'sent' ? '已开柜' : status === 'failed' ? '开柜失败，请联系总务' : '正在开柜，请稍候';
        return ok({ id, status, message }, message);
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(<CabinetPage />);
    await user.click(await screen.findByRole('button', { name: '开柜' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(commandLine()).toHaveTextContent('正在开柜，请稍候'));
    expect(screen.getByRole('button', { name: /更新柜子照片/ })).toBeDisabled();
    await waitFor(() => expect(commandLine()).toHaveTextContent('已开柜'), { timeout: 10_000 });
    expect(calls.filter((call) => call.path === 'LogisticsCabinet/GetCommandState')).toHaveLength(3);
    expect(calls.at(-1)).toMatchObject({ body: { id: 9 } });
    expect(screen.getByRole('button', { name: /开柜/ })).toBeEnabled();

    // The next try the server gives up: the worker is told whom to ask, in words, not colour alone.
    answers = ['failed'];
    await user.click(screen.getByRole('button', { name: '开柜' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(commandLine()).toHaveTextContent('开柜失败，请联系总务'), {
      timeout: 10_000,
    });
    expect(calls.at(-1)).toMatchObject({ path: 'LogisticsCabinet/GetCommandState', body: { id: 10 } });
  }, 30_000);

  it('says so when no cabinet is assigned', async () => {
    fakeServer({ 'LogisticsCabinet/GetCabinetForMobile': () => ok('', '暂未分配柜子') });
    renderScreen(<CabinetPage />);
    expect(await screen.findByText('暂未分配柜子')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '开柜' })).not.toBeInTheDocument();
  });
});
