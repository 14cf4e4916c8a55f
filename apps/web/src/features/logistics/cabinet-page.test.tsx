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

describe('CabinetPage', () => {
  it('shows the cabinet; cancel sends nothing, confirm sends the box and shows the answer', async () => {
    const { calls } = fakeServer({
      'LogisticsCabinet/GetCabinetForMobile': () => ok(JSON.stringify(cabinet)),
      'LogisticsCabinet/RemoteOpenCabinet': () => ok(null, '开柜指令已发送'),
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
    expect(await screen.findByText('开柜指令已发送')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: 'LogisticsCabinet/RemoteOpenCabinet', body: { boxId: 7 } });
    await waitFor(() => expect(screen.queryByText('确定要打开 007 号柜子吗？')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '更新柜子照片' }));
    expect(await screen.findByText('更新柜子照片将覆盖考勤系统中的照片数据，确定要更新吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('考勤系统暂不可用')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: 'LogisticsCabinet/UpdatePhotoToAtt', body: { boxId: 7 } });
  });

  it('says so when no cabinet is assigned', async () => {
    fakeServer({ 'LogisticsCabinet/GetCabinetForMobile': () => ok('', '暂未分配柜子') });
    renderScreen(<CabinetPage />);
    expect(await screen.findByText('暂未分配柜子')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '开柜' })).not.toBeInTheDocument();
  });
});
