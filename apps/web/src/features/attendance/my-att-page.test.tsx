import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../test/render';
import MyAttPage from './my-att-page';

afterEach(() => vi.unstubAllGlobals());

describe('MyAttPage', () => {
  it('shows each day with its weekday and a tag per punch', async () => {
    const { calls } = fakeServer({
      'AttDay/GetAttRecordByEmpNo': () =>
        ok([
          { attTime: '2025-06-04', attStartTime: '07:52', attEndTime: null },
          { attTime: '2025-06-03', attStartTime: '07:45', attEndTime: '17:58' },
          { attTime: '2025-06-02', attStartTime: null, attEndTime: null },
        ]),
    });
    renderScreen(<MyAttPage />);
    const wednesday = await screen.findByRole('region', { name: '2025-06-04 星期三' });
    expect(calls[0]?.body).toEqual({ day: 3 });
    expect(within(wednesday).getByText('07:52')).toBeInTheDocument();
    expect(within(wednesday).getByText('已打卡')).toBeInTheDocument();
    expect(within(wednesday).getByText('未打卡')).toBeInTheDocument();
    const tuesday = screen.getByRole('region', { name: '2025-06-03 星期二' });
    expect(within(tuesday).getAllByText('已打卡')).toHaveLength(2);
    const monday = screen.getByRole('region', { name: '2025-06-02 星期一' });
    expect(within(monday).getAllByText('未打卡')).toHaveLength(2);
    expect(within(monday).getAllByText('--:--')).toHaveLength(2);
  });
});
