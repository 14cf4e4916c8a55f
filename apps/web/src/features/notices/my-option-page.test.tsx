import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen } from '../../test/render';
import MyOptionPage from './my-option-page';

afterEach(() => vi.unstubAllGlobals());

describe('MyOptionPage', () => {
  it('shows each notice with 已审核 / 未审核 and the opinion when there is one', async () => {
    const { calls } = fakeServer({
      'SystemNotice/GetPersonNotice': () => ({
        body: {
          result: true,
          msg: '',
          totalCount: 2,
          data: [
            {
              id: 2,
              noticeTitle: '工资疑问',
              noticeBody: '加班费不符',
              isVerify: 'Y',
              messageContent: '下月补发',
              createdAt: '2025-06-01 09:00',
            },
            {
              id: 1,
              noticeTitle: '餐费扣款',
              noticeBody: '扣款偏多',
              isVerify: 'N',
              messageContent: '',
              createdAt: '2025-05-30 18:00',
            },
          ],
        },
      }),
    });
    renderScreen(<MyOptionPage />);
    expect(await screen.findByText('工资疑问')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ currentPage: 1 });
    expect(screen.getByText('已审核')).toBeInTheDocument();
    expect(screen.getByText('未审核')).toBeInTheDocument();
    expect(screen.getByText('审核意见：下月补发')).toBeInTheDocument();
    expect(screen.getAllByText(/审核意见/)).toHaveLength(1);
  });
});
