// 消息送达: an event's figures, and the row opened to whom it did not reach and why.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen } from '../../../test/render';
import MessagesPage from './messages-page';

afterEach(() => vi.unstubAllGlobals());

const SESSION = { id: 2, empNo: '900002', name: '周敏', roles: ['HRAdmin'], adminPlants: ['NT'] } as never;
const EVENT = {
  key: '1795857929649000.0123456789abcdef0123456789abcdef',
  title: '2026年10月工资单已发布',
  link: '/salary/my-salary',
  createdAt: '2026-11-28 09:00',
  total: 300,
  sent: 297,
  pending: 1,
  invalid: 2,
  failed: 0,
  recalled: 0,
};

describe('MessagesPage', { timeout: 60_000 }, () => {
  it('shows what reached WeCom per event, and whom one did not reach', async () => {
    const { calls } = fakeServer({
      'Wechat/GetDeliveries': () => ({ body: { result: true, msg: '', data: [EVENT], totalCount: 1 } }),
      'Wechat/GetUndelivered': () => ({
        body: {
          result: true,
          msg: '',
          data: [
            {
              empNo: '100077',
              name: '刘洋',
              bu: 'NT',
              deptName: '总装车间',
              status: 'invalid',
              error: '企业微信中没有这个成员',
              attempts: 0,
            },
          ],
          totalCount: 1,
        },
      }),
    });
    renderScreen(<MessagesPage session={SESSION} />);
    expect(await screen.findByText('2026年10月工资单已发布')).toBeTruthy();
    expect(screen.getByText('打开页面：/salary/my-salary')).toBeTruthy();
    expect(screen.getByText('297')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('刘洋')).toBeTruthy();
    expect(screen.getByText('无法送达')).toBeTruthy();
    expect(screen.getByText('企业微信中没有这个成员')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'Wechat/GetUndelivered')?.body).toMatchObject({ key: EVENT.key }),
    );
  });
});
