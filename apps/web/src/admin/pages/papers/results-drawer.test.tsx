// 结果: the figures of an exam, and a question opened to show how its answers spread over the options, the right one
// named — the question a trainer must explain again.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { ResultsDrawer } from './results-drawer';

afterEach(() => vi.unstubAllGlobals());
// The charts draw on a canvas, which the test's document lacks; their figures are in the tables beside them.
vi.mock('./results-charts', () => ({ ScoreBands: () => null, OptionSpread: () => null }));

const ROW = {
  id: 5,
  examType: 'EXAM' as const,
  title: '十一月安全考试',
  audience: 'NT · 部门：NT 冲压车间',
  plants: ['NT'],
  state: 'open' as const,
  opensAt: '2026-11-01 08:00',
  closesAt: '2026-12-31 18:00',
  questionCount: 2,
  fullMarks: 100,
  passScore: 60,
  timeLimitMinutes: 20,
  maxAttempts: 1,
  isDrawn: false,
  isAnonymous: false,
  authorName: '周敏',
  createdAt: '2026-11-01 08:00',
  startedCount: 5,
  submittedCount: 4,
};

describe('ResultsDrawer', { timeout: 90_000 }, () => {
  it('shows the figures and how a question’s answers spread over its options', async () => {
    fakeServer({
      'Paper/GetResults': () =>
        ok({
          examType: 'EXAM',
          title: ROW.title,
          fullMarks: 100,
          passScore: 60,
          isAnonymous: false,
          audienceCount: 6,
          startedCount: 5,
          submittedCount: 4,
          passedCount: 3,
          meanScore: 81.25,
          medianScore: 87.5,
          distribution: Array.from({ length: 10 }, (_, band) => ({
            from: band * 10,
            to: band * 10 + 10,
            count: band === 9 ? 2 : 0,
          })),
          questions: [
            {
              id: 11,
              sort: 1,
              subject: '发现火情应拨打？',
              subjectType: 'ST01',
              categoryName: '',
              answeredCount: 4,
              rightCount: 1,
              options: [
                { id: 1, content: '110', isCorrect: false, count: 3 },
                { id: 2, content: '119', isCorrect: true, count: 1 },
              ],
              judgeCounts: null,
              texts: [],
            },
          ],
          departments: [{ bu: 'NT', deptName: '冲压车间', audienceCount: 6, submittedCount: 4, passedCount: 3 }],
        }),
    });
    renderScreen(<ResultsDrawer row={ROW} onClose={() => {}} />);
    const mean = await screen.findByText('平均分');
    expect(mean.closest('.ant-statistic')?.textContent).toBe('平均分81.25');
    expect(screen.getByText('3 人（75%）')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('110：3 人（75%）')).toBeTruthy();
    expect(screen.getByText('119（正确答案）：1 人（25%）')).toBeTruthy();
  });
});
