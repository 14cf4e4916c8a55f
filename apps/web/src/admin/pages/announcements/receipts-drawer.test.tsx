// 阅读情况 of a notice of two plants: every plant's figures first, then one plant's — summary, who has not read, and
// the sheet asked of that plant alone (a whole company's sheet of more than 20,000 is refused by the server).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { ReceiptsDrawer } from './receipts-drawer';

afterEach(() => vi.unstubAllGlobals());

const ROW = {
  id: 7,
  title: '冬季安全须知',
  audience: '工厂：GT、JY',
  plants: ['GT', 'JY'],
  mustAcknowledge: false,
  state: 'live' as const,
  startsAt: '2026-11-20 08:00',
  endsAt: null,
  authorName: '人事文员',
  createdAt: '2026-11-20 08:00',
  readCount: 3,
  acknowledgedCount: 0,
  remindedAt: null,
};
const GROUPS = {
  GT: { bu: 'GT', deptName: '冲压车间', audienceCount: 4, readCount: 2, acknowledgedCount: 0 },
  JY: { bu: 'JY', deptName: '焊装车间', audienceCount: 6, readCount: 1, acknowledgedCount: 0 },
};
const summaryOf = (groups: (typeof GROUPS)[keyof typeof GROUPS][]) => ({
  audienceCount: groups.reduce((sum, group) => sum + group.audienceCount, 0),
  readCount: groups.reduce((sum, group) => sum + group.readCount, 0),
  acknowledgedCount: 0,
  groups,
});

describe('ReceiptsDrawer', { timeout: 90_000 }, () => {
  it('shows one plant at a time when asked, and exports that plant’s sheet', async () => {
    const { calls } = fakeServer({
      'Announcement/Get': () => ok({ ...ROW, body: '<p>注意防寒。</p>', attachmentUrl: null, rule: {} }),
      'Announcement/GetReceipts': (body) =>
        ok(summaryOf(body.bu ? [GROUPS[body.bu as 'GT' | 'JY']] : [GROUPS.GT, GROUPS.JY])),
      'Announcement/GetPending': (body) => ({
        body: {
          result: true,
          msg: '',
          data: [
            {
              empNo: body.bu === 'JY' ? 'J001' : 'G001',
              name: '未读员工',
              bu: 'GT',
              deptName: '',
              teamName: '',
              readAt: null,
            },
          ],
          totalCount: 1,
        },
      }),
      'Announcement/ExportReceipts': () => ok({ fileName: '公告阅读情况-冬季安全须知-JY.xlsx', contentBase64: '' }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:sheet');
    URL.revokeObjectURL = vi.fn();
    renderScreen(<ReceiptsDrawer row={ROW} onClose={() => {}} />);
    // The ring of the whole; a plant's figures are in its ring and its row.
    expect(await screen.findByText('3 / 10')).toBeInTheDocument();

    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '按工厂查看' }));
    fireEvent.click(await screen.findByTitle('JY'));
    expect(await screen.findAllByText('1 / 6')).toHaveLength(2);
    expect(screen.queryByText('3 / 10')).not.toBeInTheDocument();
    expect(await screen.findByText('J001')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '导出名单' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'Announcement/ExportReceipts').map((call) => call.body)).toEqual([
        { id: 7, bu: 'JY' },
      ]),
    );
    // The reminder still counts everyone the notice reaches.
    expect(calls.filter((call) => call.path === 'Announcement/GetReceipts').map((call) => call.body)).toContainEqual({
      id: 7,
    });
  });
});
