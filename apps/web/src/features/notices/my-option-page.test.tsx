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
              outcome: 'answered',
              changeRequestId: null,
              messageContent: '下月补发',
              createdAt: '2025-06-01 09:00',
            },
            {
              id: 1,
              noticeTitle: '餐费扣款',
              noticeBody: '扣款偏多',
              isVerify: 'N',
              outcome: 'pending',
              changeRequestId: null,
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

  it('opens on 我的提案 when a message about a proposal’s answer leads there (?tab=proposals)', async () => {
    const { calls } = fakeServer({
      'Proposal/GetMyProposals': () => ({
        body: {
          result: true,
          msg: '',
          totalCount: 1,
          data: [
            {
              id: 5,
              kind: 'IMPROVE',
              title: '工装夹具改进',
              bu: 'NT',
              status: 'ACCEPTED',
              createdAt: '2026-11-01 09:00',
              answer: '下月起试行',
            },
          ],
        },
      }),
    });
    renderScreen(<MyOptionPage />, { path: '/user/my-option', at: '/user/my-option?tab=proposals' });
    expect(await screen.findByText('工装夹具改进')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['Proposal/GetMyProposals']);
  });

  it('says how a record change ended in words: 待审核, 已通过, 未通过 with the reason, 已撤回', async () => {
    const change = (id: number, outcome: string, noticeBody: string, messageContent = '') => ({
      id,
      noticeTitle: `修改银行卡信息 ${id}`,
      noticeBody,
      isVerify: outcome === 'pending' ? 'N' : 'Y',
      outcome,
      changeRequestId: outcome === 'pending' ? 40 + id : null,
      messageContent,
      createdAt: '2025-06-01 09:00',
    });
    fakeServer({
      'SystemNotice/GetPersonNotice': () => ({
        body: {
          result: true,
          msg: '',
          totalCount: 4,
          data: [
            change(4, 'pending', '修改银行卡信息，待审核'),
            change(3, 'approved', '修改银行卡信息，已通过', '您提交的银行卡信息修改已审核通过'),
            change(2, 'rejected', '修改银行卡信息，未通过', '您提交的银行卡信息修改未通过审核：卡号与照片不符'),
            change(1, 'withdrawn', '修改银行卡信息，已撤回', '您已撤回银行卡信息的修改'),
          ],
        },
      }),
    });
    renderScreen(<MyOptionPage />);
    const tagOf = async (title: string) =>
      (await screen.findByText(title)).closest('.notice-title')?.querySelector('.adm-tag')?.textContent;
    expect(await tagOf('修改银行卡信息 4')).toBe('待审核');
    expect(await tagOf('修改银行卡信息 3')).toBe('已通过');
    expect(await tagOf('修改银行卡信息 2')).toBe('未通过');
    expect(await tagOf('修改银行卡信息 1')).toBe('已撤回');
    expect(screen.getByText('审核意见：您提交的银行卡信息修改未通过审核：卡号与照片不符')).toBeInTheDocument();
    expect(screen.queryByText('已审核')).not.toBeInTheDocument();
  });
});
