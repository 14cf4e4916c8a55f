// 发布考试: an exam that draws per category for each worker, for one department, with its settings — sent as the
// contract's draft; the total marks follow the draws as HR types them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { PaperDrawer } from './paper-drawer';

afterEach(() => vi.unstubAllGlobals());

const SESSION = { id: 2, empNo: '900002', name: '周敏', roles: ['HRAdmin'], adminPlants: ['NT'] } as never;

describe('PaperDrawer', { timeout: 90_000 }, () => {
  it('publishes a drawn exam for one department with its settings', async () => {
    const { calls } = fakeServer({
      'QuestionBank/GetCategories': () => ok([{ id: 3, bu: 'NT', name: '安全生产', questionCount: 12 }]),
      'QuestionBank/GetQuestions': () => ({ body: { result: true, msg: '', data: [], totalCount: 0 } }),
      'People/GetPlantTeams': () => ok({ departments: ['冲压车间', '总装车间'], teams: [], positions: ['操作工'] }),
      'Paper/Publish': () => ok({ id: 5 }, '考试已发布'),
    });
    const onClose = vi.fn();
    renderScreen(<PaperDrawer session={SESSION} examType="EXAM" onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '十一月安全考试' } });
    fireEvent.mouseDown(screen.getByLabelText('部门（可选）'));
    fireEvent.click(await screen.findByTitle('NT 冲压车间'));
    fireEvent.click(screen.getByRole('radio', { name: '每人随机抽题' }));
    fireEvent.mouseDown(screen.getByLabelText('分类'));
    fireEvent.click(await screen.findByTitle('NT · 安全生产（12 题）'));
    fireEvent.change(screen.getByLabelText('抽几题'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('每题分值'), { target: { value: '25' } });
    expect(await screen.findByText('每人 4 题，总分 100')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('时长（分钟）'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('及格分'), { target: { value: '60' } });
    // The window, typed into the pickers as HR would.
    const opens = screen.getByLabelText('开始时间');
    fireEvent.mouseDown(opens);
    fireEvent.change(opens, { target: { value: '2026-11-28 08:00' } });
    fireEvent.keyDown(opens, { key: 'Enter', code: 'Enter' });
    const closes = screen.getByLabelText('截止时间');
    fireEvent.mouseDown(closes);
    fireEvent.change(closes, { target: { value: '2026-12-05 18:00' } });
    fireEvent.keyDown(closes, { key: 'Enter', code: 'Enter' });

    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: '发 布' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'Paper/Publish')).toBe(true));
    expect(calls.find((call) => call.path === 'Paper/Publish')?.body).toMatchObject({
      examType: 'EXAM',
      title: '十一月安全考试',
      audience: { plants: ['NT'], departments: [{ bu: 'NT', name: '冲压车间' }] },
      opensAt: '2026-11-28 08:00',
      closesAt: '2026-12-05 18:00',
      questions: [],
      draws: [{ categoryId: 3, count: 4, score: 25 }],
      timeLimitMinutes: 20,
      passScore: 60,
      maxAttempts: 1,
      reviewMode: 'score',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
